import type { FileMeta } from "@agency/contract";
import { threadTexts as t } from "../../../lib/messages";

/** Files on a message or a delivery: each an authorised download with its name and size. */
export function FileLinks({ files }: { files: readonly FileMeta[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0">
      {files.map((file) => (
        <li key={file._id}>
          <a
            href={file.url}
            download={file.name}
            className="btn btn-sm btn-outline-secondary text-break"
            aria-label={t.download(file.name)}
          >
            {file.name} <span className="text-body-secondary">({t.size(file.size)})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
