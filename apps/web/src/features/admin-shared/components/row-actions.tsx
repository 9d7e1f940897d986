import { Link } from 'react-router';
import { PencilIcon, TrashIcon } from './icons';
import { rowButton, rowButtonDanger } from './styles';

// A row's 'Editar' and 'Eliminar': the item's name, for screen readers only, tells the rows' buttons apart.

/** 'Editar' that goes to the item's edit page. */
export function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <Link to={to} className={rowButton}>
      <PencilIcon width={16} height={16} /> Editar <span className="sr-only">{name}</span>
    </Link>
  );
}

/** 'Editar' that opens the item's edit dialog. */
export function EditButton({ onClick, name }: { onClick: () => void; name: string }) {
  return (
    <button type="button" className={rowButton} onClick={onClick}>
      <PencilIcon width={16} height={16} /> Editar <span className="sr-only">{name}</span>
    </button>
  );
}

export function DeleteButton({ onClick, name }: { onClick: () => void; name: string }) {
  return (
    <button type="button" className={rowButtonDanger} onClick={onClick}>
      <TrashIcon width={16} height={16} /> Eliminar <span className="sr-only">{name}</span>
    </button>
  );
}
