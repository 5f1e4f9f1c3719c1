import { QueryView } from "../../components/query-view";
import { useBoard } from "../../features/board/api/board";
import { BoardFilters } from "../../features/board/components/board-filters";
import { BoardView } from "../../features/board/components/board-view";
import { usePricing } from "../../features/catalog/api/catalog";
import { boardPage as t } from "../../lib/messages";
import { pageTitle, siteOf } from "../../lib/site";
import { useUrlFilters } from "../../lib/url-filters";
import type { Route } from "./+types/board";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t.title, siteOf(matches)) }, { name: "robots", content: "noindex" }];
}

const filterKeys = ["assignee", "plan"] as const;

/**
 * The team's work board: the orders submitted, in progress and delivered, and those completed this
 * week, narrowed by assignee and plan (kept in the address, so a view can be reloaded or shared).
 */
export default function BoardPage() {
  const [filter, setFilter] = useUrlFilters(filterKeys);
  const board = useBoard(filter);
  const plans = usePricing();
  const planOptions = (plans.data ?? []).map((plan) => ({
    id: plan._id,
    label: t.planOption(plan.service, plan.duration),
  }));
  return (
    <section aria-labelledby="board-heading">
      <h1 id="board-heading" className="h4">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      <QueryView query={board} failed={t.loadFailed}>
        {(data) => (
          <>
            <BoardFilters
              filter={filter}
              onChange={setFilter}
              members={data.members}
              plans={planOptions}
              onlyAssigned={data.onlyAssigned}
            />
            <BoardView board={data} filter={filter} />
          </>
        )}
      </QueryView>
    </section>
  );
}
