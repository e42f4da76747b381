import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { apiClient } from "./harness";

/** The code an authenticator app shows for a secret, `steps` time steps from `at` (default now). */
export function totpCode(secret: string, steps = 0, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at + steps * 30_000 });
}

/** Turns two-step sign-in on for the account of a session cookie (and its password), through the API: its secret and recovery codes. */
export async function enrolTwoFactor(
  app: FastifyInstance,
  cookie: string,
  password: string,
  at = Date.now(),
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { post } = apiClient({ app });
  const call = async (url: string, body: unknown) => {
    const res = await post(url, body, { cookie });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.text}`);
    return res.body;
  };
  const { secret } = (await call("/api/account/two-factor/setup", {})) as { secret: string };
  const { recoveryCodes } = (await call("/api/account/two-factor/confirm", { code: totpCode(secret, 0, at), password })) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}
