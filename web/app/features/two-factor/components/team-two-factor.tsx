import type { TeamTwoFactor as TeamTwoFactorData } from "@agency/contract";
import { useState } from "react";
import { Button, Form, Table } from "react-bootstrap";
import { QueryView } from "../../../components/query-view";
import { errorMessage } from "../../../lib/api";
import { twoFactorPage as t } from "../../../lib/messages/two-factor";
import { useTeamTwoFactor, useTeamTwoFactorActions } from "../api/two-factor";

function Settings({
  data,
  isOwner,
  viewerId,
}: {
  data: TeamTwoFactorData;
  isOwner: boolean;
  viewerId: string;
}) {
  const { require, reset } = useTeamTwoFactorActions();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      setOutcome({ ok: true, text: done });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <>
      <Form.Check
        type="switch"
        id="team-two-factor-required"
        label={t.requireLabel}
        checked={data.required}
        disabled={!isOwner || require.isPending}
        onChange={(event) => {
          const required = event.currentTarget.checked;
          void run(() => require.mutateAsync(required), required ? t.required : t.notRequired);
        }}
      />
      {isOwner ? null : <p className="small text-body-secondary mt-1">{t.ownerOnlyNote}</p>}
      {outcome ? (
        <p
          className={`alert ${outcome.ok ? "alert-success" : "alert-danger"} mt-3`}
          role={outcome.ok ? "status" : "alert"}
        >
          {outcome.text}
        </p>
      ) : null}
      <Table responsive size="sm" className="mt-3 mb-0 align-middle" aria-label={t.teamHeading}>
        <thead>
          <tr>
            <th scope="col">{t.memberColumn}</th>
            <th scope="col">{t.stateColumn}</th>
            {isOwner ? (
              <th scope="col" className="visually-hidden">
                {t.reset}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {data.members.map((member) => (
            <tr key={member.id}>
              <td>
                {member.name} <span className="text-body-secondary small">{member.email}</span>
              </td>
              <td>{member.enabled ? t.on : t.off}</td>
              {isOwner ? (
                <td className="text-end">
                  {member.enabled && member.id !== viewerId ? (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`${t.reset} ${member.name}`}
                      disabled={reset.isPending}
                      onClick={() => {
                        if (window.confirm(t.resetConfirm(member.name))) {
                          void run(() => reset.mutateAsync(member.id), t.reset);
                        }
                      }}
                    >
                      {t.reset}
                    </Button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** The team page's two-factor section: the owner's requirement, and who has it on (the owner may reset it). */
export function TeamTwoFactor({ isOwner, viewerId }: { isOwner: boolean; viewerId: string }) {
  const query = useTeamTwoFactor();
  return (
    <section className="card border-0 shadow-sm my-4" aria-labelledby="team-two-factor-heading">
      <div className="card-body p-4">
        <h2 id="team-two-factor-heading" className="h5">
          {t.teamHeading}
        </h2>
        <p className="text-body-secondary">{t.teamLead}</p>
        <QueryView query={query} failed={t.loadFailed} loadingLabel={t.loading}>
          {(data) => <Settings data={data} isOwner={isOwner} viewerId={viewerId} />}
        </QueryView>
      </div>
    </section>
  );
}
