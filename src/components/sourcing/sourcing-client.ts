"use client";

import { sendRequest, type CallOptions } from "@/lib/api-client";
import type { SendRequestResponse } from "@/lib/api-contract";
import type { BomLine } from "@/lib/bom";

export interface SourcingContact {
  name: string;
  email: string;
  phone?: string;
  message?: string;
}

/** The BOM lines the catalogue does not have, sent to the shop as a sourcing request (POST /api/requests). */
export function sendSourcingRequest(contact: SourcingContact, lines: readonly BomLine[], options?: CallOptions): Promise<SendRequestResponse> {
  return sendRequest(
    {
      kind: "sourcing",
      name: contact.name,
      email: contact.email,
      ...(contact.phone ? { phone: contact.phone } : {}),
      ...(contact.message ? { message: contact.message } : {}),
      details: { lines: lines.map((line) => ({ text: line.text, quantity: line.quantity })) },
    },
    options,
  );
}
