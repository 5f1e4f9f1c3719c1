import { reviewLimits } from "@agency/contract";
import { type FormEvent, useId, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { errorMessage } from "../../../lib/api";
import { reviewForm as t } from "../../../lib/messages";
import { notifyFormFailure, notifyFormProblem, notifyFormSuccess } from "../../../lib/toast";
import { useCreateReview } from "../api/reviews";
import { reviewProblem } from "../review-rules";

const formId = "add-review-form";

/** SPEC §2/§5 Add review: a required comment and the signed-in user's email, read-only. */
export function AddReviewForm({ email }: { email: string }) {
  const id = useId();
  const createReview = useCreateReview();
  const [comment, setComment] = useState("");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createReview.isPending) return;
    const problem = reviewProblem(comment);
    if (problem) {
      notifyFormProblem(problem, formId);
      return;
    }
    createReview.mutate(
      { comment: comment.trim() },
      {
        onSuccess: () => {
          notifyFormSuccess(t.success, formId);
          setComment("");
        },
        onError: (error) => notifyFormFailure(errorMessage(error), formId),
      },
    );
  }

  return (
    <Form onSubmit={onSubmit} aria-labelledby={`${id}-heading`} noValidate>
      <h1 id={`${id}-heading`} className="h4 mb-2">
        {t.heading}
      </h1>
      <p className="text-body-secondary mb-4">{t.lead}</p>
      <Form.Group className="mb-3" controlId={`${id}-email`}>
        <Form.Label>{t.emailLabel}</Form.Label>
        <Form.Control type="email" value={email} readOnly />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-comment`}>
        <Form.Label>{t.commentLabel}</Form.Label>
        <Form.Control
          as="textarea"
          name="comment"
          rows={5}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder={t.commentPlaceholder}
          maxLength={reviewLimits.comment}
          aria-required="true"
          aria-describedby={`${id}-count`}
        />
        <Form.Text id={`${id}-count`} className="d-block text-end">
          {t.characters(comment.length, reviewLimits.comment)}
        </Form.Text>
      </Form.Group>
      <Button type="submit" disabled={createReview.isPending}>
        {createReview.isPending ? t.sending : t.submit}
      </Button>
    </Form>
  );
}
