/**
 * A download of an admin export: the file the server streams for `path`, narrowed by the same
 * filters as the list on screen (empty ones are left out of the address).
 */
export function CsvLink({
  path,
  filters = {},
  children,
}: {
  path: string;
  filters?: Readonly<Record<string, string | undefined>>;
  children: string;
}) {
  const query = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return (
    <a href={query ? `${path}?${query}` : path} className="btn btn-outline-primary" download>
      {children}
    </a>
  );
}
