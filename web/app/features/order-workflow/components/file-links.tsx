import type { FileMeta } from "@agency/contract";
import { threadTexts as t } from "../../../lib/messages";

/** Files on a message or a delivery: each an authorised download with its name and size. */
export function FileLinks({ files }: { files: readonly FileMeta[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-3 mt-2 mb-0 small">
      {files.map((file) => (
        <li key={file._id}>
          <a href={file.url} download={file.name} className="text-break" aria-label={t.download(file.name)}>
            {file.name}
          </a>{" "}
          ({t.size(file.size)})
        </li>
      ))}
    </ul>
  );
}
