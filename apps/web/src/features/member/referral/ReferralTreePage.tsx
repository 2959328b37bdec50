import { useLingui } from '@lingui/react/macro';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useMember } from '../../../api/auth-store';
import { Card } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageHeader';
import { TeamFigures } from './TeamFigures';
import { TreeView } from './TreeBranch';
import { type Match, TreeSearch } from './TreeSearch';

interface Step {
  id: number;
  username: string;
  refferal_code: string;
}

/**
 * /user/refferral-tree: the member's downline as a tree of cards. A node's direct members load when
 * it opens; search jumps to a member anywhere below and shows the path down to them.
 */
export default function ReferralTreePage() {
  const { t } = useLingui();
  const member = useMember();
  const me: Step = { id: member?.id ?? 0, username: t`You`, refferal_code: member?.refferal_code ?? '' };
  // the path from the member down to the node the tree starts from
  const [trail, setTrail] = useState<Step[]>([]);
  const [found, setFound] = useState<number | undefined>();
  const steps = [me, ...trail];
  const current = steps[steps.length - 1]!;

  const jump = (match: Match) => {
    setTrail(match.path.slice(1));
    setFound(match.id);
  };
  const goTo = (index: number) => {
    setTrail(trail.slice(0, index));
    setFound(undefined);
  };

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Referral tree · EarnHub`}</title>
      <PageHeader
        title={t`Referral tree`}
        description={t`Everyone who joined through you and through your team. Open a member to see who joined through them.`}
      />
      <TeamFigures />
      <Card>
        <div className="flex flex-col gap-4">
          {me.refferal_code && <TreeSearch code={me.refferal_code} onJump={jump} />}
          <nav aria-label={t`Path in your team`} className="min-w-0">
            <ol className="flex flex-wrap items-center gap-1 text-sm">
              {steps.map((step, i) => {
                const last = i === steps.length - 1;
                return (
                  <li key={step.id} className="flex min-w-0 items-center gap-1">
                    {/* pointing down the path: to the left in a right-to-left page */}
                    {i > 0 && (
                      <ChevronRight
                        className="size-4 shrink-0 text-muted rtl:-scale-x-100"
                        aria-hidden="true"
                      />
                    )}
                    {last ? (
                      <span aria-current="location" className="truncate font-medium text-fg">
                        {step.username}
                      </span>
                    ) : (
                      <button
                        type="button"
                        onClick={() => goTo(i)}
                        className="truncate rounded text-accent-text underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
                      >
                        {step.username}
                      </button>
                    )}
                  </li>
                );
              })}
            </ol>
          </nav>
          {current.refferal_code && (
            <TreeView key={current.refferal_code} code={current.refferal_code} highlightId={found} />
          )}
        </div>
      </Card>
    </div>
  );
}
