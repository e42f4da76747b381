import type { Metadata } from "next";
import { ServicePage, serviceMetadata } from "../service-page";

export function generateMetadata(): Promise<Metadata> {
  return serviceMetadata("pcb");
}

export default function PcbServicePage() {
  return <ServicePage service="pcb" />;
}
