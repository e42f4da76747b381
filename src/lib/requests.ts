import { z } from "zod";
import { PCB_COLOURS, PCB_FINISHES, PCB_LIMITS, PCB_THICKNESSES } from "./pcb-pricing";
import { normaliseTanzanianMobile } from "./phone";
import { REGION_CODES } from "./tanzania-regions";
import { CONTROL_CHARACTER_MESSAGE, hasForbiddenCharacter } from "./text";

/**
 * What a visitor sends the shop through a form (a contact message, a service request, a supplier
 * application, a business quote request, BOM lines the catalogue could not match): one shape for
 * every kind, `{kind, name, email, phone?, company?, message?, details}`, with `details` checked
 * per kind. The browser uses these schemas for its own checks, the server decides with the same.
 */
export const REQUEST_KINDS = ["contact", "service", "supplier", "quote", "sourcing"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_STATUSES = ["new", "in-progress", "answered", "closed"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const SERVICES = ["electronics", "prototyping", "pcb", "ai", "logistics"] as const;
export type ServiceName = (typeof SERVICES)[number];

/** How a business would like to pay: what the shop has (a pro-forma invoice paid by bank transfer, mobile money) or credit, decided on review. */
export const PAYMENT_TERMS = ["proforma-bank-transfer", "mobile-money", "credit"] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const SUPPLIER_CATEGORIES = ["components", "boards", "sensors", "tools", "power", "cables", "robotics", "solar", "other"] as const;

export const MAX_REQUEST_LINES = 200;
/** A Tanzanian TIN: nine digits, often written 123-456-789. */
export const TIN_PATTERN = /^\d{3}-?\d{3}-?\d{3}$/;
/** The TIN as stored: the nine digits, grouped 123-456-789. */
export function formatTin(value: string): string {
  const digits = value.replace(/-/g, "");
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 9)}`;
}

/** A one-line text field: trimmed, no control characters. */
const line = (max: number, min = 0) =>
  z
    .string()
    .refine((value) => !hasForbiddenCharacter(value), { message: CONTROL_CHARACTER_MESSAGE, abort: true })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(min, min > 0 ? "required" : undefined)
        .max(max, "too-long"),
    );

/** A text area: line breaks allowed (a message has paragraphs), every other control character refused. */
const paragraph = (max: number, min = 0) =>
  z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .refine((value) => !hasForbiddenCharacter(value.replace(/\n/g, "")), { message: CONTROL_CHARACTER_MESSAGE, abort: true })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(min, min > 0 ? "required" : undefined)
        .max(max, "too-long"),
    );

const optionalLine = (max: number) => line(max).optional().default("");
const quantity = z.number("number").int("whole").min(1, "too-small").max(1_000_000, "too-large");

const serviceDetails = z.discriminatedUnion("service", [
  z
    .object({
      service: z.literal("electronics"),
      /** repair, design, installation, ... in the sender's words */
      projectType: optionalLine(120),
      deadline: optionalLine(60),
      budget: optionalLine(60),
    })
    .strict(),
  z
    .object({
      service: z.literal("prototyping"),
      stage: z.enum(["idea", "schematic", "pcb-ready", "working-prototype"]),
      units: quantity.optional(),
      deadline: optionalLine(60),
    })
    .strict(),
  z
    .object({
      service: z.literal("pcb"),
      widthMm: z.number("number").min(PCB_LIMITS.minMm, "too-small").max(PCB_LIMITS.maxMm, "too-large"),
      heightMm: z.number("number").min(PCB_LIMITS.minMm, "too-small").max(PCB_LIMITS.maxMm, "too-large"),
      layers: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(6)]),
      quantity: z.number("number").int("whole").min(PCB_LIMITS.minQuantity, "too-small").max(PCB_LIMITS.maxQuantity, "too-large"),
      thickness: z.enum(PCB_THICKNESSES),
      finish: z.enum(PCB_FINISHES),
      colour: z.enum(PCB_COLOURS),
    })
    .strict(),
  z
    .object({
      service: z.literal("ai"),
      /** what the model or system should do, and with which data */
      useCase: optionalLine(200),
      dataAvailable: z.enum(["none", "some", "ready"]),
    })
    .strict(),
  z
    .object({
      service: z.literal("logistics"),
      from: line(120, 1),
      to: line(120, 1),
      weightKg: z.number("number").min(0.01, "too-small").max(100_000, "too-large").optional(),
    })
    .strict(),
]);

const supplierDetails = z.object({
  tin: line(20, 1)
    .refine((value) => TIN_PATTERN.test(value), "tin")
    .transform(formatTin),
  products: paragraph(2000, 3),
  categories: z.array(z.enum(SUPPLIER_CATEGORIES)).min(1, "required").max(SUPPLIER_CATEGORIES.length),
  contactPerson: line(120, 2),
  website: optionalLine(200),
});

const quoteDetails = z.object({
  tin: optionalLine(20)
    .refine((value) => value === "" || TIN_PATTERN.test(value), "tin")
    .transform((value) => (value ? formatTin(value) : "")),
  lines: z
    .array(z.object({ productId: z.number().int().positive().optional(), description: line(300, 1), quantity }))
    .min(1, "required")
    .max(MAX_REQUEST_LINES, "too-many"),
  paymentTerms: z.enum(PAYMENT_TERMS),
  deliveryRegion: z.enum(REGION_CODES),
});

const sourcingDetails = z.object({
  lines: z
    .array(z.object({ text: line(300, 1), quantity }))
    .min(1, "required")
    .max(MAX_REQUEST_LINES, "too-many"),
});

/** The fields every kind shares. */
const common = {
  name: line(120, 2),
  email: line(254, 1)
    .pipe(z.email("email"))
    .transform((value) => value.toLowerCase()),
  phone: line(32)
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const e164 = normaliseTanzanianMobile(value);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: "phone" });
        return z.NEVER;
      }
      return e164;
    }),
  company: line(160).optional().default(""),
  message: paragraph(5000).optional().default(""),
};

/** Kinds whose message is the point of the request. */
const needsMessage = (kind: RequestKind) => kind === "contact" || kind === "service";

export const requestBodySchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("contact"), ...common, details: z.object({}).strict().optional().default({}) }).strict(),
    z.object({ kind: z.literal("service"), ...common, details: serviceDetails }).strict(),
    z.object({ kind: z.literal("supplier"), ...common, company: line(160, 2), details: supplierDetails.strict() }).strict(),
    z.object({ kind: z.literal("quote"), ...common, company: line(160, 2), details: quoteDetails.strict() }).strict(),
    z.object({ kind: z.literal("sourcing"), ...common, details: sourcingDetails.strict() }).strict(),
  ])
  .superRefine((body, ctx) => {
    if (needsMessage(body.kind) && body.message.length < 5) ctx.addIssue({ code: "custom", path: ["message"], message: "required" });
  });

/** A request as sent (what `POST /api/requests` takes). */
export type RequestBody = z.input<typeof requestBodySchema>;
/** A request once checked: trimmed, phone in E.164 (or null), TIN grouped. */
export type CheckedRequest = z.output<typeof requestBodySchema>;
export type ServiceDetails = z.output<typeof serviceDetails>;
export type PcbDetails = Extract<ServiceDetails, { service: "pcb" }>;

/** The first problem of a request that does not pass: the field's path ("email", "details.lines.3.quantity") and a reason word. */
export interface RequestProblem {
  field: string;
  reason: string;
}

/** The request checked, or its first problem. */
export function checkRequest(body: unknown): { ok: true; request: CheckedRequest } | { ok: false; problem: RequestProblem } {
  const parsed = requestBodySchema.safeParse(body);
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join(".") || "body";
  const reason =
    issue.message === CONTROL_CHARACTER_MESSAGE
      ? "control-character"
      : /^[a-z-]+$/.test(issue.message)
        ? issue.message
        : issue.code === "invalid_value" || issue.code === "invalid_union"
          ? "choice"
          : issue.code === "unrecognized_keys"
            ? "unknown-field"
            : "invalid";
  return { ok: false, problem: { field, reason } };
}

/** The form field an API problem belongs to: the top-level name, or `details.<name>` (lines and their entries as `details.lines`). */
export function problemField(field: string): string {
  const parts = field.split(".");
  if (parts[0] !== "details") return parts[0] ?? field;
  return parts.length > 1 ? `details.${parts[1]}` : "details";
}

/** A readable reference such as RQ-2026-000123: the year the request came in (shop time) and its number. */
export function requestReference(year: number, id: number): string {
  return `RQ-${year}-${String(id).padStart(6, "0")}`;
}
