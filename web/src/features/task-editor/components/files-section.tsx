import { FILE_KINDS, UI } from '@app/contracts';
import type { Task } from '@app/contracts';
import { UploadCard } from './upload-card';

export function FilesSection({ task, onUploaded }: { task: Task; onUploaded: (task: Task) => void }) {
  return (
    <section className="panel">
      <h2 className="panel__title">{UI.filesSection}</h2>
      <div className="upload-grid">
        {FILE_KINDS.map((kind) => (
          <UploadCard key={kind} task={task} kind={kind} onUploaded={onUploaded} />
        ))}
      </div>
      <p className="note">{UI.sheetNote}</p>
    </section>
  );
}
