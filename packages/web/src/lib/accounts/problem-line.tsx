import '../screens/screens.css';
import { useTranslation } from 'react-i18next';
import type { FormProblem } from './validation';

/** A form's validation or failure message, announced to screen readers. */
export function ProblemLine({ problem }: { problem: FormProblem | string | null }) {
  const { t } = useTranslation();
  if (!problem) return null;
  const text = typeof problem === 'string' ? problem : t(problem.key, problem.values);
  return (
    <p role="alert" className="hearth-message hearth-message--error" data-testid="form-error">
      {text}
    </p>
  );
}
