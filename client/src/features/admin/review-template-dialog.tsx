import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, Plus } from 'lucide-react';
import { REVIEW_QUESTION_MAX, REVIEW_QUESTIONS_MAX, REVIEW_SECTIONS_MAX, REVIEW_TITLE_MAX } from '@common/limits';
import { type ReviewTemplate, ReviewTemplateInput } from '@common/contracts/reviews';
import { can } from '@common/permissions';
import { FieldError } from '@/components/field-error';
import { FormDialog } from '@/components/form-dialog';
import { FormField, invalidWhen } from '@/components/form-field';
import { LongTextField } from '@/components/long-text-field';
import { QueryState } from '@/components/query-state';
import { moved, RowControls } from '@/components/row-controls';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { refusedField } from '@/forms/server-field-error';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/labels';
import { useCurrentUser } from '@/lib/session';
import { reviewTemplateQuery } from '@/lib/shared-queries';
import { useSaveReviewTemplate } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

interface DraftQuestion {
  /** Names the row while rows move and go (a new one has no place on the server yet). */
  key: number;
  text: string;
}
interface DraftSection {
  key: number;
  title: string;
  questions: DraftQuestion[];
}

let nextKey = 0;
const newQuestion = (text = ''): DraftQuestion => ({ key: ++nextKey, text });
const newSection = (): DraftSection => ({ key: ++nextKey, title: '', questions: [newQuestion()] });

/** The template as the form edits it; a template never kept starts as one empty section. */
const draftOf = (template: ReviewTemplate): DraftSection[] =>
  template.sections.length === 0
    ? [newSection()]
    : template.sections.map((s) => ({ key: ++nextKey, title: s.title, questions: s.questions.map((q) => newQuestion(q.text)) }));

/** The body of PUT /api/admin/review-template, as typed (the contract trims). */
const inputOf = (sections: DraftSection[]): ReviewTemplateInput => ({
  sections: sections.map((s) => ({ title: s.title, questions: s.questions.map((q) => ({ text: q.text })) })),
});

/** Each message by the path it is about, as the server names a field ('sections.0.questions.1.text'). */
type Errors = Record<string, string>;

const titleId = (section: number) => `review-section-${section}-title`;
const questionId = (section: number, question: number) => `review-section-${section}-question-${question}`;

/** The control a message's path names, for the focus: a field, else the nearest add button. */
function controlOf(path: string): string {
  const [, section, part, question] = path.split('.');
  if (section === undefined) return 'review-add-section';
  if (part === 'title') return titleId(Number(section));
  if (question !== undefined) return questionId(Number(section), Number(question));
  return `review-section-${section}-add-question`;
}

const focus = (path: string) => document.getElementById(controlOf(path))?.focus();

/** The contract's refusals, the first one for each path. */
function errorsOf(sections: DraftSection[]): Errors {
  const checked = ReviewTemplateInput.safeParse(inputOf(sections));
  if (checked.success) return {};
  const errors: Errors = {};
  for (const issue of checked.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The master's review template (decision 080), kept by an administrator at the office: the
 * button that opens it, nothing where the user may not change it (a ship's copy, another role).
 */
export function ReviewTemplateControl() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!can(user, 'reviews.template')) return null;
  return (
    <>
      <Button type="button" size="sm" variant="outline" className="w-full" onClick={() => setOpen(true)}>
        <ClipboardCheck aria-hidden="true" />
        {t`Master's Review Template`}
      </Button>
      {open && <ReviewTemplateDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function useWords() {
  const { t } = useLingui();
  return {
    title: t`Master's Review Template`,
    description: t`The sections and questions a master answers in the annual review on board. Saved here, the template reaches every ship with its next update.`,
  };
}

/** The template as the server keeps it, then the form; a spinner or the failure until it is read. */
function ReviewTemplateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const words = useWords();
  // Read afresh at every opening (another administrator may have saved since): the form starts
  // from the template as the server keeps it now, never from an older copy.
  const query = useQuery({ ...reviewTemplateQuery, refetchOnMount: 'always' });
  if (query.data && !query.isFetching) return <TemplateForm template={query.data} onClose={onClose} />;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{words.title}</DialogTitle>
          <DialogDescription>{words.description}</DialogDescription>
        </DialogHeader>
        <QueryState query={query} loading={t`Loading the template`} failed={t`Could not load the template.`} frame="py-10">
          {null}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({ template, onClose }: { template: ReviewTemplate; onClose: () => void }) {
  const { t } = useLingui();
  const words = useWords();
  const [loaded] = useState(() => draftOf(template));
  const [sections, setSections] = useState(loaded);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveReviewTemplate(onClose);
  const changed = JSON.stringify(inputOf(sections)) !== JSON.stringify(inputOf(loaded));

  /** A change of the rows' order or number: messages named by place no longer fit, so they go. */
  const rearrange = (next: (all: DraftSection[]) => DraftSection[]) => {
    setSections(next);
    setErrors({});
  };
  const edit = (path: string, change: (all: DraftSection[]) => DraftSection[]) => {
    setSections(change);
    setErrors(({ [path]: _, ...rest }) => rest);
  };
  const changeSection = (index: number, change: (section: DraftSection) => DraftSection) => (all: DraftSection[]) =>
    all.map((s, i) => (i === index ? change(s) : s));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = errorsOf(sections);
    setErrors(found);
    const [first] = Object.keys(found);
    if (first !== undefined) return focus(first);
    save.mutate(inputOf(sections), {
      onError: (error) => {
        const field = refusedField(error);
        if (!field?.startsWith('sections') || !(error instanceof ApiError)) return;
        setErrors({ [field]: error.message });
        focus(field);
      },
    });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={words.title}
      description={words.description}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl"
      onSubmit={submit}
      submit={t`Save Template`}
      submitting={t`Saving...`}
      pending={save.isPending}
      changed={changed}
    >
      <div className="space-y-1 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-navy">
        <p>
          <Trans>Reviews already started keep the questions they started with; a change applies to reviews started after it reaches the ship.</Trans>
        </p>
        <p className="text-xs text-muted-foreground">
          {template.updatedAt && template.updatedBy ? (
            <Trans>
              Last changed {formatDateTime(template.updatedAt)} by {template.updatedBy}
            </Trans>
          ) : template.updatedAt ? (
            <Trans>Last changed {formatDateTime(template.updatedAt)}</Trans>
          ) : (
            <Trans>Not changed since it was installed</Trans>
          )}
        </p>
      </div>
      <ol className="space-y-4" aria-label={t`Sections`}>
        {sections.map((section, index) => (
          <SectionEditor
            key={section.key}
            section={section}
            index={index}
            count={sections.length}
            errors={errors}
            onTitle={(title) =>
              edit(
                `sections.${index}.title`,
                changeSection(index, (s) => ({ ...s, title })),
              )
            }
            onQuestion={(at, text) =>
              edit(
                `sections.${index}.questions.${at}.text`,
                changeSection(index, (s) => ({ ...s, questions: s.questions.map((q, i) => (i === at ? { ...q, text } : q)) })),
              )
            }
            onQuestions={(change) => rearrange(changeSection(index, (s) => ({ ...s, questions: change(s.questions) })))}
            onMove={(to) => rearrange((all) => moved(all, index, to))}
            onRemove={() => rearrange((all) => all.filter((_, i) => i !== index))}
          />
        ))}
      </ol>
      <div className="space-y-1">
        <Button
          id="review-add-section"
          type="button"
          variant="outline"
          disabled={sections.length >= REVIEW_SECTIONS_MAX}
          onClick={() => rearrange((all) => [...all, newSection()])}
        >
          <Plus className="size-4" aria-hidden="true" /> <Trans>Add a section</Trans>
        </Button>
        {sections.length >= REVIEW_SECTIONS_MAX && (
          <p className="text-xs text-muted-foreground">
            <Trans>The template has at most {REVIEW_SECTIONS_MAX} sections.</Trans>
          </p>
        )}
        <FieldError message={errors.sections} />
      </div>
    </FormDialog>
  );
}

interface SectionProps {
  section: DraftSection;
  index: number;
  count: number;
  errors: Errors;
  onTitle: (title: string) => void;
  onQuestion: (at: number, text: string) => void;
  onQuestions: (change: (questions: DraftQuestion[]) => DraftQuestion[]) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One section: its title, its questions in order, and the buttons that change them. */
function SectionEditor({ section, index, count, errors, onTitle, onQuestion, onQuestions, onMove, onRemove }: SectionProps) {
  const { t } = useLingui();
  const number = index + 1;
  const path = `sections.${index}`;
  const titleError = errors[`${path}.title`];
  const full = section.questions.length >= REVIEW_QUESTIONS_MAX;
  return (
    <li className="space-y-3 rounded-md border p-3" aria-label={t`Section ${number}`}>
      {/* The buttons go under the title where the dialog is too narrow for both on a line. */}
      <div className="flex flex-wrap items-end gap-1">
        <FormField id={titleId(index)} label={t`Title of section ${number}`} error={titleError} className="min-w-0 flex-1 basis-56 space-y-1.5">
          <Input
            id={titleId(index)}
            value={section.title}
            maxLength={REVIEW_TITLE_MAX}
            autoComplete="off"
            {...invalidWhen(titleId(index), titleError)}
            onChange={(e) => onTitle(e.target.value)}
          />
        </FormField>
        <div className={titleError ? 'ml-auto flex sm:mb-7' : 'ml-auto flex'}>
          <RowControls
            labels={{ up: t`Move section ${number} up`, down: t`Move section ${number} down`, remove: t`Remove section ${number}` }}
            at={index}
            count={count}
            onMove={onMove}
            onRemove={onRemove}
            removable={count > 1}
          />
        </div>
      </div>
      <ol className="space-y-3 sm:pl-4">
        {section.questions.map((question, at) => (
          <li key={question.key} className="flex items-start gap-1">
            <div className="min-w-0 flex-1">
              <LongTextField
                id={questionId(index, at)}
                label={t`Question ${number}.${at + 1}`}
                value={question.text}
                onChange={(text) => onQuestion(at, text)}
                maxLength={REVIEW_QUESTION_MAX}
                rows={3}
                error={errors[`${path}.questions.${at}.text`]}
              />
            </div>
            <div className="flex flex-col pt-6 sm:flex-row">
              <RowControls
                labels={{
                  up: t`Move question ${number}.${at + 1} up`,
                  down: t`Move question ${number}.${at + 1} down`,
                  remove: t`Remove question ${number}.${at + 1}`,
                }}
                at={at}
                count={section.questions.length}
                onMove={(to) => onQuestions((all) => moved(all, at, to))}
                onRemove={() => onQuestions((all) => all.filter((_, i) => i !== at))}
                removable={section.questions.length > 1}
              />
            </div>
          </li>
        ))}
      </ol>
      <div className="space-y-1 sm:pl-4">
        <Button
          id={`review-section-${index}-add-question`}
          type="button"
          variant="ghost"
          size="sm"
          disabled={full}
          onClick={() => onQuestions((all) => [...all, newQuestion()])}
        >
          <Plus className="size-4" aria-hidden="true" /> <Trans>Add a question to section {number}</Trans>
        </Button>
        {full && (
          <p className="text-xs text-muted-foreground">
            <Trans>A section has at most {REVIEW_QUESTIONS_MAX} questions.</Trans>
          </p>
        )}
        <FieldError message={errors[`${path}.questions`]} />
      </div>
    </li>
  );
}
