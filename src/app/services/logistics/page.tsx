import type { Metadata } from "next";
import { ServicePage, serviceMetadata } from "../service-page";

export function generateMetadata(): Promise<Metadata> {
  return serviceMetadata("logistics");
}

export default function LogisticsServicePage() {
  return <ServicePage service="logistics" />;
}
