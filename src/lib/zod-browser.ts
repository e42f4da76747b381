import { z } from "zod";

/**
 * zod for modules the browser loads too. zod compiles a fast parser per object schema when the page
 * allows `eval`, and probes for it with `new Function("")` as the first object schema is made; the
 * shop's Content-Security-Policy forbids eval, so the browser reports that probe as a violation
 * even though zod catches the refusal. In the browser zod is told not to try (its `jitless` mode);
 * the server keeps the compiled parsers. Any src/lib module a client component imports loads this
 * first (`import "./zod-browser";` above its zod import), so it runs before the module's first
 * schema.
 */
if (typeof window !== "undefined") z.config({ jitless: true });
