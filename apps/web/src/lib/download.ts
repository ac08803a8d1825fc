import { api, failedAnswerError, networkError } from './api-client';
import { getSession } from './session';

const fetchWithToken = async (path: string) => {
  const { accessToken } = getSession();
  try {
    return await fetch(path, {
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });
  } catch {
    throw networkError();
  }
};

/**
 * Saves a file that needs the signed-in user's token, so it is fetched and saved from memory
 * rather than opened as a plain link. The server's file name wins over `fallbackName`.
 */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  let response = await fetchWithToken(path);
  if (response.status === 401) {
    // Any call through the API client renews an expired access token; then try once more.
    await api.get('/v1/auth/me');
    response = await fetchWithToken(path);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw failedAnswerError(response.status, body, 'Download failed');
  }
  const fileName = /filename="?([^";]+)"?/i.exec(
    response.headers.get('content-disposition') ?? '',
  )?.[1];
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName ?? fallbackName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The device's IANA time zone, so a downloaded file is dated on the same day the site shows. */
export const deviceTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};
