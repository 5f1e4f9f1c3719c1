/**
 * Rendered pages kept in memory, each with the catalog generation it was rendered at: a page is
 * used again only while the generation has not moved (no admin edit since), so an edit shows on
 * the next request. A render that began before an edit is kept under the older generation and so
 * never served after it. Concurrent requests for the same page share one render.
 */
export class PageCache<T> {
  private readonly entries = new Map<string, { generation: number; page: Promise<T> }>();

  constructor(private readonly maxEntries: number) {}

  /**
   * The page for `key` at `generation`, rendering it when there is none. `keep` decides from the
   * finished page whether it may be reused (an error page, for one, is not). Without a generation
   * (the catalog cache is off) every request renders.
   */
  read(key: string, generation: number | undefined, render: () => Promise<T>, keep: (page: T) => boolean) {
    if (generation === undefined) return render();
    const entry = this.entries.get(key);
    if (entry && entry.generation === generation) return entry.page;
    const page = render();
    const fresh = { generation, page };
    this.entries.delete(key);
    this.entries.set(key, fresh);
    // The oldest entry goes first: query strings and ids make the set of addresses unbounded.
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const forget = () => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    };
    page.then((value) => {
      if (!keep(value)) forget();
    }, forget);
    return page;
  }

  get size(): number {
    return this.entries.size;
  }
}
