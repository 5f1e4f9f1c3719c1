import { formatMatchCount } from "@agency/contract";
import { CsvLink } from "../../components/csv-link";
import { FilterButtons } from "../../components/filter-buttons";
import { Pager } from "../../components/pager";
import { QueryView } from "../../components/query-view";
import { SearchBox } from "../../components/search-box";
import { useAdminStatus, useSession } from "../../features/auth/api/auth";
import { USERS_PAGE_SIZE, useUsers } from "../../features/users/api/users";
import { UsersList } from "../../features/users/components/users-list";
import { usersPage as t } from "../../lib/messages";
import { usePagePosition } from "../../lib/page-position";
import { useUrlFilters } from "../../lib/url-filters";

const filterKeys = ["q", "role"] as const;
const roles = ["all", "admin", "customer"] as const;

/**
 * SPEC §2: /dashboard/admin and /dashboard/admin/all__user list the accounts; searched by name or
 * e-mail and filtered by role on the server, the search and filter kept in the address.
 */
export default function AllUsers() {
  const { position, turnTo, reset } = usePagePosition();
  const [filter, setFilter] = useUrlFilters(filterKeys);
  const users = useUsers(position, filter);
  const page = position.page;
  const narrowed = Boolean(filter.q || filter.role);
  const session = useSession();
  const ownerViewing = useAdminStatus(session.data?.user.email).data?.role === "owner";
  return (
    <section aria-labelledby="all-users-heading">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between mb-3">
        <h1 id="all-users-heading" className="h4 mb-0">
          {t.heading}
        </h1>
        {users.data ? (
          <span className="text-body-secondary">
            {t.total(users.data.total)}
            {users.data.matches ? `, ${t.matching(formatMatchCount(users.data.matches))}` : ""}
          </span>
        ) : null}
      </div>
      <p>
        <CsvLink path="/api/admin/users.csv" filters={filter}>
          {t.exportCustomers}
        </CsvLink>
      </p>
      <SearchBox
        label={t.search}
        placeholder={t.searchPlaceholder}
        value={filter.q ?? ""}
        onSearch={(q) => {
          setFilter({ q });
          reset();
        }}
      />
      <FilterButtons
        legend={t.roleFilter}
        options={roles.map((value) => ({
          value,
          label: value === "all" ? t.allRoles : value === "admin" ? t.admin : t.customer,
        }))}
        value={(filter.role as (typeof roles)[number] | undefined) ?? "all"}
        onChange={(value) => {
          setFilter({ role: value === "all" ? undefined : value });
          reset();
        }}
      />
      <QueryView
        query={users}
        failed={t.loadFailed}
        empty={narrowed ? <p className="text-body-secondary">{t.noMatch}</p> : undefined}
        isEmpty={narrowed ? (list) => list.users.length === 0 : undefined}
      >
        {(list) => (
          <>
            <UsersList
              users={list.users}
              firstNumber={page * USERS_PAGE_SIZE + 1}
              labelledBy="all-users-heading"
              ownerViewing={ownerViewing}
            />
            <Pager
              page={page}
              pages={narrowed ? page + (list.nextCursor ? 2 : 1) : Math.ceil(list.total / USERS_PAGE_SIZE)}
              onPage={(wanted) => turnTo(wanted, list)}
              labels={t}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
