import { type OrderStateFilter, orderStateLabels } from "@agency/contract";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { FilterButtons } from "../../../components/filter-buttons";
import { SEARCH_DELAY_MS } from "../../../components/search-box";
import { orderFilters as t } from "../../../lib/messages";
import type { OrderFilter } from "../api/orders";

const states: (OrderStateFilter | "all")[] = [
  "all",
  "unpaid",
  "submitted",
  "in_progress",
  "delivered",
  "complete",
  "cancelled",
];

const assignees: { value: "all" | "me" | "none"; label: string }[] = [
  { value: "all", label: t.anyone },
  { value: "me", label: t.me },
  { value: "none", label: t.nobody },
];

/**
 * All Orders' state and assignee filters and search (a customer's name or e-mail, or an order
 * number).
 */
export function OrderFilters({
  filter,
  onChange,
}: {
  filter: OrderFilter;
  onChange: (next: OrderFilter) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState(filter.search ?? "");
  // The search also runs once typing pauses; Search runs it at once.
  const latest = useRef({ filter, onChange });
  latest.current = { filter, onChange };
  useEffect(() => {
    const text = search.trim() || undefined;
    if (text === latest.current.filter.search) return;
    const timer = setTimeout(
      () => latest.current.onChange({ ...latest.current.filter, search: text }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [search]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ ...filter, search: search.trim() || undefined });
  }

  return (
    <div className="mb-3">
      <Form
        role="search"
        onSubmit={onSubmit}
        className="d-flex flex-wrap gap-2 mb-3"
        style={{ maxWidth: 640 }}
      >
        <Form.Label htmlFor={`${id}-search`} className="visually-hidden">
          {t.search}
        </Form.Label>
        <Form.Control
          id={`${id}-search`}
          type="search"
          className="flex-grow-1 w-auto"
          value={search}
          maxLength={200}
          placeholder={t.searchPlaceholder}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button type="submit">{t.searchButton}</Button>
        {filter.search ? (
          <Button
            variant="outline-secondary"
            onClick={() => {
              setSearch("");
              onChange({ ...filter, search: undefined });
            }}
          >
            {t.clear}
          </Button>
        ) : null}
      </Form>
      <FilterButtons
        legend={t.state}
        options={states.map((value) => ({
          value,
          label: value === "all" ? t.all : value === "unpaid" ? t.unpaid : orderStateLabels[value],
        }))}
        value={filter.state ?? "all"}
        onChange={(value) => onChange({ ...filter, state: value === "all" ? undefined : value })}
      />
      <FilterButtons
        legend={t.assignee}
        options={assignees}
        value={filter.assignee ?? "all"}
        onChange={(value) => onChange({ ...filter, assignee: value === "all" ? undefined : value })}
      />
    </div>
  );
}
