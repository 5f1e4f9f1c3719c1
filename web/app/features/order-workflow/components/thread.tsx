import { type Message, maxFilesPerPost, maxMessageLength } from "@agency/contract";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Badge, Button, Form } from "react-bootstrap";
import { QueryView } from "../../../components/query-view";
import { errorMessage } from "../../../lib/api";
import { formatDateTime } from "../../../lib/dates";
import { linkify } from "../../../lib/linkify";
import { threadTexts as t } from "../../../lib/messages";
import { templatesPage } from "../../../lib/messages/workday";
import { notifyError, notifyFormProblem, notifyFormSuccess } from "../../../lib/toast";
import type { Audience } from "../api/order-detail";
import { fillTemplate, useTemplates } from "../api/templates";
import { usePostMessage, useThread } from "../api/thread";
import { AttachmentPicker, useAttachments } from "./attachments";
import { FileLinks } from "./file-links";

/** The order's thread, newest at the bottom, and the form to write on it. */
export function Thread({ orderId, audience }: { orderId: string; audience: Audience }) {
  const id = useId();
  const thread = useThread(orderId);
  const end = useRef<HTMLDivElement>(null);
  const count = thread.data?.messages.length;
  const shown = useRef(count);

  // The newest message is at the bottom: bring it into view when one arrives (not on opening the
  // page, which starts at its top).
  useEffect(() => {
    if (count !== undefined && shown.current !== undefined && count > shown.current)
      end.current?.scrollIntoView?.({ block: "nearest" });
    shown.current = count;
  }, [count]);

  return (
    <section className="card border-0 shadow-sm" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          {t.heading}
        </h2>
        <p className="text-body-secondary small">{t.lead}</p>
        <QueryView
          query={thread}
          failed={t.loadFailed}
          empty={<p className="text-body-secondary">{t.none}</p>}
          isEmpty={(data) => data.messages.length === 0}
        >
          {({ messages }) => (
            <ol className="list-unstyled d-grid gap-3 mb-3" aria-labelledby={`${id}-heading`}>
              {messages.map((message) => (
                <MessageItem key={message._id} message={message} audience={audience} />
              ))}
            </ol>
          )}
        </QueryView>
        <div ref={end} />
        <MessageForm orderId={orderId} audience={audience} />
      </div>
    </section>
  );
}

function MessageItem({ message, audience }: { message: Message; audience: Audience }) {
  const mine = message.author.role === (audience === "admin" ? "admin" : "customer");
  const tone = message.internal
    ? "bg-warning-subtle border border-warning"
    : mine
      ? "bg-primary-subtle ms-md-5"
      : "bg-body-tertiary me-md-5";
  return (
    <li className={`rounded p-3 ${tone}`} data-message-id={message._id}>
      <div className="d-flex flex-wrap align-items-baseline gap-2 small mb-1">
        <strong>{message.author.name}</strong>
        <span className="text-body-secondary">{message.author.role === "admin" ? t.agency : null}</span>
        <time className="text-body-secondary ms-auto" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      {message.internal ? (
        <Badge bg="warning" text="dark" className="mb-2">
          {t.internal}
        </Badge>
      ) : null}
      {message.body ? <p className="message-body mb-0">{linkify(message.body)}</p> : null}
      <FileLinks files={message.files} />
    </li>
  );
}

const formId = "order-message-form";

/** The team's templates, one filled in for the order and added to the message being written. */
function InsertTemplate({ orderId, onInsert }: { orderId: string; onInsert: (text: string) => void }) {
  const id = useId();
  const templates = useTemplates();
  if (!templates.data || templates.data.length === 0) return null;
  return (
    <Form.Group className="mb-3" controlId={`${id}-template`} style={{ maxWidth: 360 }}>
      <Form.Label>{templatesPage.insert}</Form.Label>
      <Form.Select
        size="sm"
        value=""
        onChange={(event) => {
          const templateId = event.target.value;
          if (!templateId) return;
          fillTemplate(orderId, templateId)
            .then(({ text }) => onInsert(text))
            .catch((error) => notifyError(errorMessage(error)));
        }}
      >
        <option value="">{templatesPage.choose}</option>
        {templates.data.map((template) => (
          <option key={template._id} value={template._id}>
            {template.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

function MessageForm({ orderId, audience }: { orderId: string; audience: Audience }) {
  const id = useId();
  const post = usePostMessage(orderId);
  const attachments = useAttachments(orderId);
  const [body, setBody] = useState("");
  const [internal, setInternal] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (post.isPending || attachments.uploading) return;
    const text = body.trim();
    const problem =
      text === "" && attachments.fileIds.length === 0
        ? t.empty
        : text.length > maxMessageLength
          ? t.tooLong(maxMessageLength)
          : attachments.tooMany
            ? t.tooMany(maxFilesPerPost)
            : undefined;
    if (problem) {
      notifyFormProblem(problem, formId);
      return;
    }
    try {
      await post.mutateAsync({ body: text, internal, fileIds: attachments.fileIds });
      setBody("");
      setInternal(false);
      attachments.clear();
      notifyFormSuccess(t.sent, formId);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  return (
    <Form onSubmit={onSubmit} aria-label={t.newMessage} noValidate className="border-top pt-3">
      <Form.Group className="mb-3" controlId={`${id}-body`}>
        <Form.Label>{t.message}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={body}
          placeholder={t.placeholder}
          maxLength={maxMessageLength}
          onChange={(event) => setBody(event.target.value)}
        />
      </Form.Group>
      {audience === "admin" ? (
        <InsertTemplate
          orderId={orderId}
          onInsert={(text) => setBody((now) => (now.trim() ? `${now}\n\n${text}` : text))}
        />
      ) : null}
      <AttachmentPicker attachments={attachments} label={t.files} />
      {audience === "admin" ? (
        <Form.Check
          id={`${id}-internal`}
          type="switch"
          className="mb-3"
          label={t.internalSwitch}
          checked={internal}
          onChange={(event) => setInternal(event.currentTarget.checked)}
        />
      ) : null}
      <Button type="submit" disabled={post.isPending || attachments.uploading}>
        {post.isPending ? t.sending : t.send}
      </Button>
    </Form>
  );
}
