import { type FileMeta, maxFilesPerPost, uploadContentTypes } from "@agency/contract";
import { useId, useRef, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { errorMessage } from "../../../lib/api";
import { localKey } from "../../../lib/local-key";
import { threadTexts as t } from "../../../lib/messages";
import { uploadFile } from "../api/thread";

type Attachment =
  | { key: string; name: string; status: "uploading" }
  | { key: string; name: string; status: "stored"; file: FileMeta }
  | { key: string; name: string; status: "refused"; reason: string };

/**
 * Files chosen for a message or a delivery. Each is stored on the order as soon as it is chosen,
 * so a refused one (empty, too big, a type or name the server does not take) says why at once,
 * beside its name; the message then names the stored ones.
 */
export function useAttachments(orderId: string) {
  const [attachments, setAttachments] = useState<Attachment[]>([]);

  function update(key: string, next: Attachment) {
    setAttachments((current) => current.map((item) => (item.key === key ? next : item)));
  }

  async function add(files: readonly File[]) {
    const added = files.map((file) => ({ file, key: localKey("attachment") }));
    setAttachments((current) => [
      ...current,
      ...added.map(({ file, key }) => ({ key, name: file.name, status: "uploading" as const })),
    ]);
    for (const { file, key } of added) {
      try {
        update(key, { key, name: file.name, status: "stored", file: await uploadFile(orderId, file) });
      } catch (error) {
        update(key, { key, name: file.name, status: "refused", reason: errorMessage(error) });
      }
    }
  }

  const stored = attachments.flatMap((item) => (item.status === "stored" ? [item.file] : []));
  return {
    attachments,
    add,
    remove: (key: string) => setAttachments((current) => current.filter((item) => item.key !== key)),
    clear: () => setAttachments([]),
    fileIds: stored.map((file) => file._id),
    uploading: attachments.some((item) => item.status === "uploading"),
    tooMany: stored.length > maxFilesPerPost,
  };
}

export type Attachments = ReturnType<typeof useAttachments>;

/** The file input and the chosen files, each with its state and a way to take it off again. */
export function AttachmentPicker({ attachments, label }: { attachments: Attachments; label: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Form.Group className="mb-3" controlId={`${id}-files`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        ref={input}
        type="file"
        multiple
        accept={uploadContentTypes.join(",")}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const files = Array.from((event.currentTarget as HTMLInputElement).files ?? []);
          if (input.current) input.current.value = "";
          void attachments.add(files);
        }}
      />
      <Form.Text id={`${id}-hint`}>{t.filesHint(maxFilesPerPost)}</Form.Text>
      {attachments.attachments.length > 0 ? (
        <ul className="list-unstyled mt-2 mb-0 d-grid gap-1">
          {attachments.attachments.map((item) => (
            <li key={item.key} className="d-flex align-items-center gap-2 small">
              <span className="text-break">{item.name}</span>
              {item.status === "uploading" ? (
                <span className="text-body-secondary">{t.uploading}</span>
              ) : item.status === "stored" ? (
                <span className="text-body-secondary">{t.size(item.file.size)}</span>
              ) : (
                <span className="text-danger" role="alert">
                  {item.reason}
                </span>
              )}
              <Button
                variant="link"
                size="sm"
                className="p-0 ms-auto text-danger"
                aria-label={t.removeFile(item.name)}
                onClick={() => attachments.remove(item.key)}
                disabled={item.status === "uploading"}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {attachments.tooMany ? (
        <p className="text-danger small mt-1 mb-0" role="alert">
          {t.tooMany(maxFilesPerPost)}
        </p>
      ) : null}
    </Form.Group>
  );
}
