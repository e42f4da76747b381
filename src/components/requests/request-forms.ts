import { PCB_COLOURS, PCB_FINISHES, PCB_LAYERS, PCB_LIMITS, PCB_THICKNESSES } from "@/lib/pcb-pricing";
import { PAYMENT_TERMS, SUPPLIER_CATEGORIES, type RequestKind, type ServiceName } from "@/lib/requests";

/**
 * How each form of the shop is made from the one RequestForm shell: which kind (and service) it
 * sends, whether it asks for a company and a message, and its own fields in `details`. Labels are
 * the catalogue's `requests.form.<name>`; options `requests.form.<optionKey>.<value>`.
 */
export type DetailField =
  | { name: string; type: "text"; required?: boolean; hint?: boolean; maxLength: number; autoComplete?: string }
  | { name: string; type: "textarea"; required?: boolean; maxLength: number }
  | { name: string; type: "number"; required?: boolean; min: number; max: number; step?: number; integer?: boolean }
  | { name: string; type: "select"; options: readonly (string | number)[]; optionKey: string; integer?: boolean }
  | { name: string; type: "checkboxes"; options: readonly string[]; optionKey: string }
  | { name: string; type: "region" }
  | { name: string; type: "lines"; line: "quote" | "sourcing" };

export interface FormConfig {
  kind: RequestKind;
  service?: ServiceName;
  company: "required" | "optional" | "hidden";
  message: "required" | "optional";
  /** the message's label key (form.message unless said) */
  messageLabel?: string;
  details: DetailField[];
}

export const REQUEST_FORMS = {
  contact: { kind: "contact", company: "optional", message: "required", details: [] },
  electronics: {
    kind: "service",
    service: "electronics",
    company: "optional",
    message: "required",
    messageLabel: "messageService",
    details: [
      { name: "projectType", type: "text", hint: true, maxLength: 120 },
      { name: "deadline", type: "text", maxLength: 60 },
      { name: "budget", type: "text", maxLength: 60 },
    ],
  },
  prototyping: {
    kind: "service",
    service: "prototyping",
    company: "optional",
    message: "required",
    messageLabel: "messageService",
    details: [
      { name: "stage", type: "select", options: ["idea", "schematic", "pcb-ready", "working-prototype"], optionKey: "stageOptions" },
      { name: "units", type: "number", min: 1, max: 1_000_000, integer: true },
      { name: "deadline", type: "text", maxLength: 60 },
    ],
  },
  pcb: {
    kind: "service",
    service: "pcb",
    company: "optional",
    message: "required",
    messageLabel: "messageService",
    details: [
      { name: "widthMm", type: "number", required: true, min: PCB_LIMITS.minMm, max: PCB_LIMITS.maxMm, step: 0.1 },
      { name: "heightMm", type: "number", required: true, min: PCB_LIMITS.minMm, max: PCB_LIMITS.maxMm, step: 0.1 },
      { name: "layers", type: "select", options: PCB_LAYERS, optionKey: "layerOption", integer: true },
      { name: "quantity", type: "number", required: true, min: PCB_LIMITS.minQuantity, max: PCB_LIMITS.maxQuantity, integer: true },
      { name: "thickness", type: "select", options: PCB_THICKNESSES, optionKey: "thicknessOption" },
      { name: "finish", type: "select", options: PCB_FINISHES, optionKey: "finishOptions" },
      { name: "colour", type: "select", options: PCB_COLOURS, optionKey: "colourOptions" },
    ],
  },
  ai: {
    kind: "service",
    service: "ai",
    company: "optional",
    message: "required",
    messageLabel: "messageService",
    details: [
      { name: "useCase", type: "text", maxLength: 200 },
      { name: "dataAvailable", type: "select", options: ["none", "some", "ready"], optionKey: "dataOptions" },
    ],
  },
  logistics: {
    kind: "service",
    service: "logistics",
    company: "optional",
    message: "required",
    messageLabel: "messageService",
    details: [
      { name: "from", type: "text", required: true, maxLength: 120 },
      { name: "to", type: "text", required: true, maxLength: 120 },
      { name: "weightKg", type: "number", min: 0.01, max: 100_000, step: 0.01 },
    ],
  },
  supplier: {
    kind: "supplier",
    company: "required",
    message: "optional",
    details: [
      { name: "tin", type: "text", required: true, hint: true, maxLength: 20 },
      { name: "contactPerson", type: "text", required: true, maxLength: 120, autoComplete: "name" },
      { name: "products", type: "textarea", required: true, maxLength: 2000 },
      { name: "categories", type: "checkboxes", options: SUPPLIER_CATEGORIES, optionKey: "categoryOptions" },
      { name: "website", type: "text", maxLength: 200, autoComplete: "url" },
    ],
  },
  quote: {
    kind: "quote",
    company: "required",
    message: "optional",
    details: [
      { name: "tin", type: "text", hint: true, maxLength: 20 },
      { name: "lines", type: "lines", line: "quote" },
      { name: "paymentTerms", type: "select", options: PAYMENT_TERMS, optionKey: "paymentTermsOptions" },
      { name: "deliveryRegion", type: "region" },
    ],
  },
  sourcing: {
    kind: "sourcing",
    company: "optional",
    message: "optional",
    details: [{ name: "lines", type: "lines", line: "sourcing" }],
  },
} as const satisfies Record<string, FormConfig>;

export type RequestFormName = keyof typeof REQUEST_FORMS;
