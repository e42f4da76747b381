import type { Metadata } from "next";
import { ServicePage, serviceMetadata } from "../service-page";

export function generateMetadata(): Promise<Metadata> {
  return serviceMetadata("prototyping");
}

export default function PrototypingServicePage() {
  return <ServicePage service="prototyping" />;
}
