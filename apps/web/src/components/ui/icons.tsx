import type { ReactNode, SVGProps } from 'react';

// Small stroke icons (24×24 grid, currentColor). Decorative by default: give the surrounding
// button or link its accessible name; pass `aria-label` + `role="img"` only for a standalone icon.
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The outline every stroke icon (and the Instagram mark) is drawn with. */
const STROKE = { fill: 'none', stroke: 'currentColor', strokeWidth: 2 } as const;

function Icon({ size = 24, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      {...STROKE}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={props['aria-label'] ? undefined : true}
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** One stroke icon: `shapes` drawn on the shared 24×24 frame above. */
export function strokeIcon(shapes: ReactNode) {
  return (p: IconProps) => <Icon {...p}>{shapes}</Icon>;
}

export const CartIcon = strokeIcon(
  <>
    <circle cx="9" cy="20" r="1.4" />
    <circle cx="18" cy="20" r="1.4" />
    <path d="M2.5 3.5h2.6l2.4 11.2a1.6 1.6 0 0 0 1.6 1.3h8.5a1.6 1.6 0 0 0 1.6-1.2l1.6-6.8H6.2" />
  </>,
);

export const MenuIcon = strokeIcon(<path d="M4 7h16M4 12h16M4 17h16" />);

export const CloseIcon = strokeIcon(<path d="M6 6l12 12M18 6L6 18" />);

export const ChevronLeftIcon = strokeIcon(<path d="M15 5l-7 7 7 7" />);

export const ChevronRightIcon = strokeIcon(<path d="M9 5l7 7-7 7" />);

export const ChevronDownIcon = strokeIcon(<path d="M6 9l6 6 6-6" />);

export const ArrowUpIcon = strokeIcon(<path d="M12 19V5M5 12l7-7 7 7" />);

export const ArrowLeftIcon = strokeIcon(<path d="M19 12H5M11 6l-6 6 6 6" />);

export const UserIcon = strokeIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5" />
  </>,
);

export const SearchIcon = strokeIcon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2" />
  </>,
);

export const MinusIcon = strokeIcon(<path d="M5 12h14" />);

export const PlusIcon = strokeIcon(<path d="M12 5v14M5 12h14" />);

export const TrashIcon = strokeIcon(
  <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />,
);

export const TruckIcon = strokeIcon(
  <>
    <path d="M2 6h11v10H2zM13 10h4.5l3.5 3.5V16h-8" />
    <circle cx="6" cy="18" r="1.8" />
    <circle cx="17" cy="18" r="1.8" />
  </>,
);

export const HeartIcon = strokeIcon(
  <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />,
);

export const SparkleIcon = strokeIcon(
  <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z" />,
);

export const ShieldIcon = strokeIcon(
  <>
    <path d="M12 3l7.5 3v5.5c0 4.6-3.2 8.2-7.5 9.5-4.3-1.3-7.5-4.9-7.5-9.5V6z" />
    <path d="M8.8 12l2.2 2.2 4.2-4.4" />
  </>,
);

export const MapPinIcon = strokeIcon(
  <>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.4" />
  </>,
);

// Brand marks: filled glyphs (recognisable shapes matter more than stroke consistency here).
export const FacebookIcon = ({ size = 24, ...p }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...p}>
    <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21z" />
  </svg>
);

export const InstagramIcon = ({ size = 24, ...p }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" {...STROKE} aria-hidden="true" focusable="false" {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="1" fill="currentColor" stroke="none" />
  </svg>
);

export const WhatsAppIcon = ({ size = 24, ...p }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...p}>
    <path d="M12 2.5a9.4 9.4 0 0 0-8.1 14.2L2.6 21.5l4.9-1.3A9.4 9.4 0 1 0 12 2.5zm0 17.1a7.7 7.7 0 0 1-3.9-1.1l-.3-.2-2.9.8.8-2.8-.2-.3A7.7 7.7 0 1 1 12 19.6zm4.3-5.8c-.2-.1-1.4-.7-1.6-.8s-.4-.1-.5.1l-.7.9c-.1.2-.3.2-.5.1a6.3 6.3 0 0 1-3.1-2.7c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.7-1.7c-.2-.5-.4-.4-.5-.4h-.5a.9.9 0 0 0-.7.3 2.8 2.8 0 0 0-.9 2.1 4.9 4.9 0 0 0 1 2.6 11.3 11.3 0 0 0 4.3 3.8c1.6.7 2.2.7 3 .6a2.6 2.6 0 0 0 1.7-1.2 2.1 2.1 0 0 0 .1-1.2c0-.1-.2-.2-.4-.3z" />
  </svg>
);
