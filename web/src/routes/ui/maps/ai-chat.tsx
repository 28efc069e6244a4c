import { createFileRoute } from '@tanstack/react-router';
import { preloadRegionMap } from '@/components/map';
import { AiChatPage } from '@/features/map-demos/ai-chat/ai-chat-page';

export const Route = createFileRoute('/ui/maps/ai-chat')({
  loader: () => preloadRegionMap(),
  head: () => ({ meta: [{ title: 'Map - AI Chat' }] }),
  component: AiChatPage,
});
