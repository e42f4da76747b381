import type { Metadata } from "next";
import { ServicePage, serviceMetadata } from "../service-page";

export function generateMetadata(): Promise<Metadata> {
  return serviceMetadata("ai");
}

export default function AiServicePage() {
  return <ServicePage service="ai" />;
}
