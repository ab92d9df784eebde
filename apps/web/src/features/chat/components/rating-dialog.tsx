import {
  CHAT_MESSAGES,
  type ChatRating,
  RATING_MAX_SCORE,
  RATING_POSITIVE_FROM,
  RATING_POSITIVE_REASONS,
  RATING_PROBLEM_REASONS,
} from '@atelier/shared';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { cn } from '../../../lib/cn.ts';
import { chatApi } from '../api.ts';

export interface RatingDialogProps {
  appId: string;
  messageId: string | null;
  onClose: () => void;
  onRated: (messageId: string, rating: ChatRating) => void;
}

/** "Rate this response" (spec 3 §4, §5): a score of 1 to 5, reasons by score, a trimmed comment. */
export function RatingDialog({ appId, messageId, onClose, onRated }: RatingDialogProps) {
  const [score, setScore] = useState(0);
  const [feedback, setFeedback] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const reasons: readonly string[] =
    score >= RATING_POSITIVE_FROM ? RATING_POSITIVE_REASONS : RATING_PROBLEM_REASONS;

  const close = () => {
    if (submitting) return;
    setScore(0);
    setFeedback([]);
    setComment('');
    onClose();
  };

  const pickScore = (value: number) => {
    // Reasons belong to one side of the scale: changing sides clears them.
    if (value >= RATING_POSITIVE_FROM !== score >= RATING_POSITIVE_FROM) setFeedback([]);
    setScore(value);
  };

  const submit = async () => {
    if (!messageId || score < 1) return;
    setSubmitting(true);
    const rating: ChatRating = {
      score,
      feedback: feedback.filter((f) => reasons.includes(f)),
      comment: comment.trim(),
    };
    try {
      await chatApi.rate(appId, { messageId, ...rating });
      onRated(messageId, rating);
      toast.success(CHAT_MESSAGES.ratingThanks);
      setSubmitting(false);
      setScore(0);
      setFeedback([]);
      setComment('');
      onClose();
    } catch {
      // The dialog stays open so the builder can try again.
      toast.error(CHAT_MESSAGES.ratingFailed);
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={messageId !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent showCloseButton={!submitting}>
        <DialogHeader>
          <DialogTitle>{CHAT_MESSAGES.rateTitle}</DialogTitle>
          <DialogDescription>How well did the assistant do?</DialogDescription>
        </DialogHeader>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Score</legend>
          {Array.from({ length: RATING_MAX_SCORE }, (_, i) => i + 1).map((value) => (
            <button
              key={value}
              type="button"
              aria-label={`${value} ${value === 1 ? 'star' : 'stars'}`}
              aria-pressed={score === value}
              onClick={() => pickScore(value)}
              className="rounded p-1 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Star
                aria-hidden="true"
                className={cn(
                  'size-6',
                  value <= score ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground',
                )}
              />
            </button>
          ))}
        </fieldset>
        {score === 0 ? <p className="text-muted-foreground text-sm">{CHAT_MESSAGES.scoreRequired}</p> : null}
        {score > 0 ? (
          <fieldset className="flex flex-wrap gap-1.5">
            <legend className="mb-1.5 font-medium text-sm">
              {score >= RATING_POSITIVE_FROM ? 'What went well?' : 'What went wrong?'}
            </legend>
            {reasons.map((reason) => {
              const on = feedback.includes(reason);
              return (
                <Button
                  key={reason}
                  size="sm"
                  variant={on ? 'secondary' : 'outline'}
                  aria-pressed={on}
                  onClick={() =>
                    setFeedback((list) => (on ? list.filter((r) => r !== reason) : [...list, reason]))
                  }
                >
                  {reason}
                </Button>
              );
            })}
          </fieldset>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="rating-comment" className="font-medium text-sm">
            Comment
          </label>
          <Textarea
            id="rating-comment"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={submitting}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={submitting || score < 1}>
            {submitting ? 'Submitting…' : 'Submit'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
