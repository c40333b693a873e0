/** Response shapes of the Graph API calls the product makes (snake_case as Facebook sends them). */
export interface Picture {
  data: { url: string; width?: number; height?: number; is_silhouette?: boolean };
}

export interface Paging {
  cursors?: { before: string; after: string };
  next?: string;
  previous?: string;
}

export interface Paged<T> {
  data: T[];
  paging?: Paging;
  summary?: { total_count?: number };
}

export interface DebugTokenData {
  /** A string in Meta's answers; some clients and proxies hand it over as a number. */
  app_id?: string | number;
  type?: 'USER' | 'PAGE' | 'APP';
  application?: string;
  data_access_expires_at?: number;
  expires_at?: number;
  is_valid: boolean;
  issued_at?: number;
  scopes: string[];
  granular_scopes?: Array<{ scope: string; target_ids?: string[] }>;
  user_id?: string | number;
  profile_id?: string;
  error?: { code: number; message: string; subcode?: number };
}

export interface ExchangedToken {
  accessToken: string;
  tokenType: string;
  /** Seconds; absent for tokens that never expire. */
  expiresIn: number | null;
}

export interface Me {
  id: string;
  name: string;
  email?: string;
  picture?: Picture;
}

export interface Permission {
  permission: string;
  status: 'granted' | 'declined' | 'expired';
}

export interface Account {
  id: string;
  name: string;
  access_token?: string;
  category?: string;
  picture?: Picture;
  tasks?: string[];
}

export interface PageInfo {
  id: string;
  name?: string;
  category?: string;
  access_token?: string;
  picture?: Picture;
}

export interface Participant {
  id: string;
  name: string;
  email?: string;
}

export interface GraphMessage {
  id: string;
  created_time: string;
  message?: string;
  from?: Participant;
  to?: { data: Participant[] };
  /** Files, when asked for (`attachments`): by kind image_data / video_data / file_url. */
  attachments?: {
    data?: Array<{
      mime_type?: string;
      name?: string;
      image_data?: { url?: string };
      video_data?: { url?: string };
      file_url?: string;
    }>;
  };
  /** The sticker's image URL, when the message is a sticker (`sticker` field). */
  sticker?: string;
}

export interface Conversation {
  id: string;
  updated_time?: string;
  snippet?: string;
  unread_count?: number;
  message_count?: number;
  participants?: { data: Participant[] };
  messages?: Paged<GraphMessage>;
}

/** One page of the conversations edge, with the cursor a sync can save and resume from. */
export interface ConversationsPage {
  conversations: Conversation[];
  /** The cursor this page was fetched with (null for the first page). */
  cursor: string | null;
  /** Cursor of the next page; null when this is the last page. */
  nextCursor: string | null;
}

export interface Profile {
  id: string;
  first_name?: string;
  last_name?: string;
  name?: string;
  profile_pic?: string;
}

export interface SubscribedApp {
  id: string;
  name?: string;
  subscribed_fields: string[];
}

export type MessagingType = 'RESPONSE' | 'UPDATE' | 'MESSAGE_TAG' | 'UTILITY';

/** A utility template send: the approved template's name and language, each named parameter's value. */
export interface TemplateSend {
  name: string;
  language: string;
  params: Record<string, string>;
}

export interface SendMessageInput {
  pageId: string;
  pageToken: string;
  psid: string;
  /** The text (ignored for a UTILITY send, whose text is the template's). */
  text: string;
  messagingType: MessagingType;
  tag?: string | null;
  /** Required with messagingType UTILITY. */
  template?: TemplateSend;
  /**
   * `message.metadata` (at most 1000 characters): Meta gives it back in the message's echo (message_echoes),
   * which is how a send whose answer was lost is proven sent.
   */
  metadata?: string;
  /** Link buttons: the text goes as a button template (at most 640 characters, 1 to 3 buttons). */
  buttons?: Array<{ title: string; url: string }>;
  /**
   * An image message instead of the text (a Send API message has text or an attachment, never both): a
   * saved attachment's id (Attachment Upload API), or a public URL Meta fetches.
   */
  image?: { attachmentId: string } | { url: string };
}

/** A page's message template as `GET /{page-id}/message_templates` lists it. */
export interface MessageTemplateNode {
  id: string;
  name: string;
  language: string;
  status: string;
  category?: string;
  rejected_reason?: string | null;
  parameter_format?: string;
  components?: Array<{
    type: string;
    text?: string;
    buttons?: Array<{ type: string; text?: string; url?: string }>;
  }>;
}

export interface CreateTemplateInput {
  name: string;
  language: string;
  body: string;
  /** NAMED (`{{first_name}}`) or POSITIONAL (`{{1}}`). */
  format: 'NAMED' | 'POSITIONAL';
  /** Names, or positions '1', '2', … in order. */
  params: string[];
  /** An example value per parameter (Meta reviews the template with them). */
  examples: Record<string, string>;
  buttons: Array<{ type: 'URL'; text: string; url: string }>;
}

export interface SendResult {
  recipientId: string;
  messageId: string;
}

export interface BatchRequest {
  method: 'GET' | 'POST' | 'DELETE';
  relativeUrl: string;
  /** Form-encoded body parameters of a POST item. */
  body?: Record<string, string>;
  name?: string;
}

export interface BatchResult {
  code: number;
  headers: Array<{ name: string; value: string }>;
  /** Parsed JSON body (or the raw string when not JSON). */
  body: unknown;
}
