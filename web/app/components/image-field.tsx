import type { ImageKind, UploadedImage } from "@agency/contract";
import { type ChangeEvent, useId, useState } from "react";
import { Form } from "react-bootstrap";
import { apiUpload, errorMessage } from "../lib/api";
import { imageUpload as t } from "../lib/messages";
import { Field } from "./field";

/** Uploads a picture for the pages; the server resizes it for its kind and answers its addresses. */
function uploadImage(file: File, kind: ImageKind): Promise<UploadedImage> {
  const form = new FormData();
  form.append("file", file);
  return apiUpload(`/admin/images?kind=${kind}`, (c) => c.UploadedImage, form);
}

/**
 * An image field of an editor form: the picture's address (an uploaded image, a path on the site
 * or a web address), an upload button that fills it in, and a preview. Admin forms only: the
 * upload is refused to anyone else.
 */
export function ImageField({
  id,
  label,
  kind,
  value,
  onChange,
  problem,
}: {
  id: string;
  label: string;
  kind: ImageKind;
  value: string;
  onChange: (url: string) => void;
  /** The field's error message, when it has one. */
  problem?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [uploadProblem, setUploadProblem] = useState<string>();
  const statusId = useId();

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setUploadProblem(undefined);
    try {
      const image = await uploadImage(file, kind);
      onChange(image.url);
    } catch (error) {
      setUploadProblem(errorMessage(error));
    } finally {
      setBusy(false);
      input.value = "";
    }
  }

  const shown = problem ?? uploadProblem;
  return (
    <div className="d-flex gap-3 align-items-start">
      <div className="flex-grow-1">
        <Field id={id} label={label} problem={shown}>
          <Form.Control
            value={value}
            onChange={(event) => onChange(event.target.value)}
            isInvalid={Boolean(shown)}
            aria-describedby={statusId}
          />
        </Field>
        <Form.Group controlId={`${id}-upload`} className="mt-2">
          <Form.Label className="small mb-1">{t.choose}</Form.Label>
          <Form.Control
            type="file"
            size="sm"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={upload}
            disabled={busy}
          />
        </Form.Group>
        <p id={statusId} className="small text-body-secondary mb-0" aria-live="polite">
          {busy ? t.uploading : ""}
        </p>
      </div>
      {value && !shown ? (
        <img
          src={value}
          alt={t.preview}
          className="rounded border object-fit-contain bg-light"
          width={kind === "logo" ? 128 : 120}
          height={kind === "logo" ? 32 : 68}
        />
      ) : null}
    </div>
  );
}
