import { Moon, Sun } from 'lucide-react';
import { cn } from '../../lib/cn';
import { toggleTheme, useTheme } from '../../lib/theme';

export function ThemeToggle({ className }: { className?: string }) {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      className={cn('rounded-lg p-2 text-muted hover:bg-subtle hover:text-fg', className)}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {theme === 'dark' ? (
        <Sun className="size-5" aria-hidden="true" />
      ) : (
        <Moon className="size-5" aria-hidden="true" />
      )}
    </button>
  );
}
