"use client";

import { useHydrated } from "../hooks/use-hydrated";
import { Button, type ButtonProps } from "./button";

/**
 * The submit button of a form its script sends (an onSubmit, no action of its own): disabled until
 * the page has hydrated. Before that a press, or Enter in a field, would be the browser's own
 * submit: a reload of the page that loses what was typed and says nothing. With the button disabled
 * the browser does not submit at all, and what was typed stays until the script is there. A form
 * the server answers by itself (an action and a method) keeps a plain submit Button.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, "type">) {
  const hydrated = useHydrated();
  return <Button {...props} type="submit" disabled={disabled || !hydrated} />;
}
