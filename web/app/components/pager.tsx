import { Button } from "react-bootstrap";

type Props = {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  labels: { previous: string; next: string; page: (page: number, pages: number) => string };
};

/** Previous / next through a list whose pages start at 0. */
export function Pager({ page, pages, onPage, labels }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="d-flex align-items-center justify-content-center gap-3 mt-3" aria-label="Pages">
      <Button variant="outline-primary" size="sm" onClick={() => onPage(page - 1)} disabled={page === 0}>
        {labels.previous}
      </Button>
      <span aria-live="polite">{labels.page(page + 1, pages)}</span>
      <Button
        variant="outline-primary"
        size="sm"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages - 1}
      >
        {labels.next}
      </Button>
    </nav>
  );
}
