import type { Product } from '@tienda/shared/catalog';
import { productSchema } from '@tienda/shared/catalog';
import { CachedAnswer } from '../../lib/http-cache.js';
import type { ProductSearch } from './search/product-search.js';

/** How many products' answers a process keeps (a few hundred bytes each); the oldest kept is dropped first. */
const KEPT_ANSWERS = 20_000;

/**
 * GET /api/Product/{id} ready to send (docs/decisions/0029-a-lean-request-path.md): each product's answer is kept
 * until the change log says that product changed (its row, secondary images, categories or their names), as every
 * process reads it before answering, so several processes on one PostgreSQL stay right. A product page costs a
 * query only the first time it is asked for after a change.
 */
export class ProductAnswers {
  private readonly answers = new Map<number, CachedAnswer>();
  /** Reads in progress: asked again meanwhile, the same read answers; changed meanwhile, it is not kept. */
  private readonly loading = new Map<number, { answer: Promise<CachedAnswer>; stale: boolean }>();

  constructor(
    private readonly search: ProductSearch,
    private readonly load: (id: number) => Promise<Product>,
  ) {
    search.onChange((ids) => {
      if (ids === null) {
        this.answers.clear();
        for (const read of this.loading.values()) read.stale = true;
        return;
      }
      for (const id of ids) {
        this.answers.delete(id);
        const read = this.loading.get(id);
        if (read) read.stale = true;
      }
    });
  }

  /** The product's answer; a missing product rejects with the service's 404. */
  async get(id: number): Promise<CachedAnswer> {
    if (!this.search.indexIfFresh()) await this.search.fresh();
    const kept = this.answers.get(id);
    if (kept) return kept;
    const pending = this.loading.get(id);
    if (pending && !pending.stale) return pending.answer;
    const read = { answer: this.load(id).then((product) => CachedAnswer.of(productSchema, product)), stale: false };
    this.loading.set(id, read);
    try {
      const answer = await read.answer;
      if (!read.stale) this.keep(id, answer);
      return answer;
    } finally {
      if (this.loading.get(id) === read) this.loading.delete(id);
    }
  }

  private keep(id: number, answer: CachedAnswer): void {
    if (this.answers.size >= KEPT_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(id, answer);
  }
}
