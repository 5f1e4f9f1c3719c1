import type { CreatedApiKey } from "@agency/contract";
import { useId, useState } from "react";
import { Button, Form, InputGroup, Modal } from "react-bootstrap";
import { apiKeysPage as t } from "../../../lib/messages";

type CopyState = "idle" | "copied" | "failed";

/**
 * The key just made, shown this once with a way to copy it. Closing the dialog forgets it: the
 * page never shows it again, and the shop keeps only its hash.
 */
export function ShownOnceDialog({ created, onDone }: { created: CreatedApiKey | null; onDone: () => void }) {
  const id = useId();
  const [copy, setCopy] = useState<CopyState>("idle");

  async function copyKey(key: string) {
    try {
      await navigator.clipboard.writeText(key);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }

  return (
    <Modal
      show={created !== null}
      onHide={onDone}
      onExited={() => setCopy("idle")}
      centered
      backdrop="static"
      aria-labelledby={`${id}-title`}
    >
      <Modal.Header closeButton closeLabel={t.close}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {created ? t.shownOnceTitle(created.name) : null}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t.shownOnceText}</p>
        <Form.Label htmlFor={`${id}-key`}>{t.keyLabel}</Form.Label>
        <InputGroup>
          <Form.Control
            id={`${id}-key`}
            readOnly
            value={created?.key ?? ""}
            className="font-monospace"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            variant={copy === "copied" ? "success" : "outline-primary"}
            onClick={() => created && void copyKey(created.key)}
          >
            {copy === "copied" ? t.copied : t.copy}
          </Button>
        </InputGroup>
        {copy === "failed" ? (
          <p role="alert" className="text-danger small mt-2 mb-0">
            {t.copyFailed}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onDone}>{t.done}</Button>
      </Modal.Footer>
    </Modal>
  );
}
