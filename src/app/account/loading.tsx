import { AccountSkeleton } from "@/components/pages/skeletons";
import { getIntl } from "../i18n";

export default async function Loading() {
  await getIntl();
  return <AccountSkeleton />;
}
