/** Small inline icons: decorative, so hidden from assistive technology. */
type IconProps = { className?: string; size?: number };

function svg(path: JSX.Element, { className, size = 20 }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {path}
    </svg>
  );
}

export const PhoneIcon = (p: IconProps) =>
  svg(
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />,
    p,
  );
export const MailIcon = (p: IconProps) =>
  svg(
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-10 6L2 7" />
    </>,
    p,
  );
export const CartIcon = (p: IconProps) =>
  svg(
    <>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.6L22 7H6" />
    </>,
    p,
  );
export const CallbackIcon = (p: IconProps) =>
  svg(<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2zM8 9h8M8 13h5" />, p);
/** WhatsApp's speech bubble with a handset, drawn in the icons' line style. */
export const WhatsAppIcon = (p: IconProps) =>
  svg(
    <>
      <path d="m3 21 1.65-3.8a9 9 0 1 1 3.4 2.9L3 21" />
      <path d="M9 10a.5.5 0 0 0 1 0V9a.5.5 0 0 0-1 0v1a5 5 0 0 0 5 5h1a.5.5 0 0 0 0-1h-1a.5.5 0 0 0 0 1" />
    </>,
    p,
  );
/** Telegram's paper plane. */
export const TelegramIcon = (p: IconProps) => svg(<path d="m15 10-4 4 6 6 4-16-18 7 4 2 2 6 3-4" />, p);
export const DownloadIcon = (p: IconProps) =>
  svg(<path d="M12 3v12m-5-5 5 5 5-5M4 17v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />, p);
export const MenuIcon = (p: IconProps) => svg(<path d="M3 6h18M3 12h18M3 18h18" />, p);
export const CloseIcon = (p: IconProps) => svg(<path d="M18 6 6 18M6 6l12 12" />, p);
export const ChevronDownIcon = (p: IconProps) => svg(<path d="m6 9 6 6 6-6" />, p);
export const PinIcon = (p: IconProps) =>
  svg(
    <>
      <path d="M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0z" />
      <circle cx="12" cy="10" r="3" />
    </>,
    p,
  );
export const ClockIcon = (p: IconProps) =>
  svg(
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2" />
    </>,
    p,
  );
export const GiftIcon = (p: IconProps) =>
  svg(
    <path d="M20 12v10H4V12M2 7h20v5H2zM12 22V7M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z" />,
    {
      size: 22,
      ...p,
    },
  );
