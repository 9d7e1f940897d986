import type { ReactNode } from 'react';
import { WhatsAppIcon } from './icons';

const LOOKS = {
  solid: 'bg-[#1d6b3e] text-white hover:bg-[#175a33]',
  outline: 'border-2 border-[#1d7a45]/30 text-[#1d6b3e] hover:bg-mint',
} as const;

/** A wa.me link as a full-width pill button (lib/whatsapp.ts builds the address). */
export function WhatsAppLink({
  href,
  look = 'solid',
  children,
}: {
  href: string;
  look?: keyof typeof LOOKS;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 font-bold transition ${LOOKS[look]}`}
    >
      <WhatsAppIcon size={22} />
      {children}
    </a>
  );
}
