import { InputMask, type Track } from "@react-input/mask";
import type { ComponentProps } from "react";
import { PHONE_MASK, phoneTyped } from "~/lib/phone";

/** The leading 8 or +7 people type is the mask's country code (app/lib/phone.ts). */
const trackPhone: Track = (edit) => phoneTyped(edit);

/**
 * The phone as people type it, masked to +7 (___) ___-__-__: the lead and order forms' field and
 * /order-status's look-up. Without JavaScript it is a plain required tel input.
 */
export function PhoneInput(props: Omit<ComponentProps<typeof InputMask>, "mask" | "replacement" | "track">) {
  return (
    <InputMask
      mask={PHONE_MASK}
      replacement={{ _: /\d/ }}
      track={trackPhone}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      placeholder={PHONE_MASK}
      className="field__input"
      required
      {...props}
    />
  );
}
