import { Pager } from "../../components/pager";
import { QueryView } from "../../components/query-view";
import { USERS_PAGE_SIZE, useUsers } from "../../features/users/api/users";
import { UsersList } from "../../features/users/components/users-list";
import { usersPage as t } from "../../lib/messages";
import { usePagePosition } from "../../lib/page-position";

/** SPEC §2: /dashboard/admin and /dashboard/admin/all__user list the accounts. */
export default function AllUsers() {
  const { position, turnTo } = usePagePosition();
  const users = useUsers(position);
  const page = position.page;
  return (
    <section aria-labelledby="all-users-heading">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between mb-3">
        <h1 id="all-users-heading" className="h4 mb-0">
          {t.heading}
        </h1>
        {users.data ? <span className="text-body-secondary">{t.total(users.data.total)}</span> : null}
      </div>
      <QueryView query={users} failed={t.loadFailed}>
        {(list) => (
          <>
            <UsersList
              users={list.users}
              firstNumber={page * USERS_PAGE_SIZE + 1}
              labelledBy="all-users-heading"
            />
            <Pager
              page={page}
              pages={Math.ceil(list.total / USERS_PAGE_SIZE)}
              onPage={(wanted) => turnTo(wanted, list)}
              labels={t}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
