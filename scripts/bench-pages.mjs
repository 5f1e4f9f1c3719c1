// The server-rendered pages under `npm run bench` (BENCH_ONLY=pages runs only these).

/**
 * The rendered pages: warm, answered from the page cache; cold, each request a new address
 * (`/?n=1`, `/?n=2`...), so React renders the page every time (the catalog data stays cached).
 * `load` is one autocannon run, `report` prints and keeps its row.
 */
export async function benchPages({ base, load, report }) {
  for (const pathname of ["/", "/blogs"]) {
    await fetch(`${base}${pathname}`);
    report(`GET ${pathname} (page cache warm)`, await load({ url: `${base}${pathname}` }));
    let n = 0;
    const cold = await load({
      url: `${base}${pathname}`,
      requests: [{ setupRequest: (request) => ({ ...request, path: `${pathname}?n=${n++}` }) }],
    });
    report(`GET ${pathname} (page cache cold: rendered per request)`, cold);
  }
}
