import { useId, useState } from "react";
import { Form } from "react-bootstrap";
import { QueryView } from "../../components/query-view";
import { usePricing } from "../../features/catalog/api/catalog";
import { BriefQuestionsEditor } from "../../features/order-workflow/components/brief-questions-editor";
import { briefQuestionsPage as t } from "../../lib/messages";

/** The questions each plan asks its customers after payment. */
export default function BriefQuestions() {
  const id = useId();
  const plans = usePricing();
  const [chosen, setChosen] = useState<string>();
  const planId = chosen ?? plans.data?.[0]?._id;
  return (
    <section aria-labelledby={`${id}-heading`} style={{ maxWidth: 960 }}>
      <h1 id={`${id}-heading`} className="h4 mb-1">
        {t.heading}
      </h1>
      <p className="text-body-secondary">{t.lead}</p>
      <QueryView query={plans} failed={t.plansFailed}>
        {(list) => (
          <>
            <Form.Group className="mb-4" controlId={`${id}-plan`} style={{ maxWidth: 360 }}>
              <Form.Label>{t.plan}</Form.Label>
              <Form.Select value={planId} onChange={(event) => setChosen(event.target.value)}>
                {list.map((plan) => (
                  <option key={plan._id} value={plan._id}>
                    {plan.service} ({plan.duration})
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            {planId ? <BriefQuestionsEditor planId={planId} /> : null}
          </>
        )}
      </QueryView>
    </section>
  );
}
