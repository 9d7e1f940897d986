import type { ReactElement, ReactNode } from 'react';
import {
  ArrowLeftIcon as StoreArrowLeftIcon,
  CloseIcon,
  PlusIcon as StorePlusIcon,
  SearchIcon as StoreSearchIcon,
  strokeIcon,
  TrashIcon as StoreTrashIcon,
  TruckIcon as StoreTruckIcon,
  type IconProps,
} from '../../../components/ui/icons';
import { ImageIcon as StoreImageIcon } from '../../../components/ui/image-icon';

// The admin screens' line icons: the storefront's, drawn at 20 px, and a few of their own (decorative: every
// button that shows one also has a text name).
const adminSize = (Drawn: (props: IconProps) => ReactElement) => (props: IconProps) => <Drawn size={20} {...props} />;
const adminIcon = (shapes: ReactNode) => adminSize(strokeIcon(shapes));

export const ArrowLeftIcon = adminSize(StoreArrowLeftIcon);
export const PencilIcon = adminIcon(
  <>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </>,
);
export const TrashIcon = adminSize(StoreTrashIcon);
export const EyeIcon = adminIcon(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const PlusIcon = adminSize(StorePlusIcon);
export const SearchIcon = adminSize(StoreSearchIcon);
export const UsersIcon = adminIcon(
  <>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 9M22 21a7 7 0 0 0-4-6.3" />
  </>,
);
export const BoxIcon = adminIcon(
  <>
    <path d="M21 8 12 3 3 8v8l9 5 9-5Z" />
    <path d="m3 8 9 5 9-5M12 13v8" />
  </>,
);
export const TagIcon = adminIcon(
  <>
    <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </>,
);
export const GiftIcon = adminIcon(
  <>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M12 8v13M19 12v9H5v-9M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
  </>,
);
export const ClipboardIcon = adminIcon(
  <>
    <rect x="8" y="2" width="8" height="4" rx="1" />
    <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2M9 12h6M9 16h6" />
  </>,
);
export const CheckIcon = adminIcon(<path d="M20 6 9 17l-5-5" />);
export const TruckIcon = adminSize(StoreTruckIcon);
export const ClockIcon = adminIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const CoinsIcon = adminIcon(
  <>
    <ellipse cx="9" cy="7" rx="6" ry="3" />
    <path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7M15 11c3.3 0 6 1.3 6 3v3c0 1.7-2.7 3-6 3-1.7 0-3.2-.3-4.3-.9" />
  </>,
);
export const AlertIcon = adminIcon(
  <>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);
export const ImageIcon = adminSize(StoreImageIcon);
export const XIcon = adminSize(CloseIcon);
