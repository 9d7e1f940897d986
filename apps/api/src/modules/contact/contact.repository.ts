import type { ContactForm } from '@tienda/shared/contact';
import type { DbOrTx } from '../../db/database.js';
import { nowIso } from '../../db/timestamps.js';

/** Every message is kept, so none is lost when the mail server is down. */
export async function insertMessage(db: DbOrTx, form: ContactForm): Promise<number> {
  const { id } = await db
    .insertInto('contact_messages')
    .values({
      nombre: form.nombre,
      email: form.email,
      asunto: form.asunto,
      mensaje: form.mensaje,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
