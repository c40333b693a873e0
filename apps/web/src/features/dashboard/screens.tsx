// Dashboard screens that later issues build. Until then each shows its title and says so — no fake data.
import { EmptyState } from '@pagecast/ui';
import { ScreenHeader } from '@pagecast/ui/layout';

export const SCREEN_BEING_BUILT = 'This screen is being built';

function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <div className="flex flex-1 flex-col gap-6 p-4 md:p-6">
      <ScreenHeader title={title} />
      <div className="rounded-lg border border-dashed border-border">
        <EmptyState title={SCREEN_BEING_BUILT} description={`${title} will appear here soon.`} />
      </div>
    </div>
  );
}

export const HomeScreen = () => <ScreenPlaceholder title="Home" />;
export const ChatsScreen = () => <ScreenPlaceholder title="Messages" />;
export const ScheduleScreen = () => <ScreenPlaceholder title="Schedule Campaign" />;
export const ManageTagsScreen = () => <ScreenPlaceholder title="Manage Tags" />;
export const AnalyticsScreen = () => <ScreenPlaceholder title="Campaign Analytics" />;
