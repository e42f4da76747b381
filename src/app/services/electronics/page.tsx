import type { Metadata } from "next";
import { ServicePage, serviceMetadata } from "../service-page";

export function generateMetadata(): Promise<Metadata> {
  return serviceMetadata("electronics");
}

export default function ElectronicsServicePage() {
  return <ServicePage service="electronics" />;
}
