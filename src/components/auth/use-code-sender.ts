"use client";

import { useEffect, useState } from "react";
import type { PhoneCodeResponse } from "@/lib/api-contract";
import { useErrorText } from "../i18n/error-text";

/**
 * Sending a one-time code by SMS: busy while it goes, the masked number it went to, the seconds
 * before another may be asked for (counted down), and the refusal's text (a quota, a wrong number).
 */
export function useCodeSender(send: (phone: string) => Promise<PhoneCodeResponse>) {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendTo = async (phone: string) => {
    if (busy || wait > 0) return;
    setBusy(true);
    setProblem(null);
    try {
      const sent = await send(phone);
      setSentTo(sent.sentTo);
      setWait(sent.resendAfterSeconds);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return { busy, sentTo, wait, problem, sendTo };
}
