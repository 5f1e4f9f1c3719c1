import { reviewPageSizes } from "@agency/contract";
import { useId } from "react";
import { Button, Form } from "react-bootstrap";
import { manageReviewsPage as t } from "../../../lib/messages";

/** SPEC §9: the page-size choice (5, 10, 15, 20; each shows as many as it says). */
export function PageSizeSelect({ size, onSize }: { size: number; onSize: (size: number) => void }) {
  const id = useId();
  return (
    <div className="d-flex align-items-center gap-2">
      <Form.Label htmlFor={id} className="mb-0 text-nowrap">
        {t.pageSize}
      </Form.Label>
      <Form.Select id={id} size="sm" value={size} onChange={(event) => onSize(Number(event.target.value))}>
        {reviewPageSizes.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}

/** One button per page; pages start at 0 and are labelled from 1. */
export function PageButtons({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={t.pages} className="d-flex flex-wrap justify-content-center gap-2 mt-3">
      {Array.from({ length: pages }, (_, index) => index).map((index) => (
        <Button
          key={index}
          size="sm"
          variant={index === page ? "primary" : "outline-primary"}
          aria-current={index === page ? "page" : undefined}
          aria-label={t.page(index + 1)}
          onClick={() => onPage(index)}
        >
          {index + 1}
        </Button>
      ))}
    </nav>
  );
}
