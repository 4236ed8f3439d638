import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { jobTitle, type JobDetails, type StartApplicationDraft, type StartApplicationRequest } from '@hcp/contracts';
import { errorCode } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { fetchUserInfo } from '../../../lib/auth/auth-api.ts';
import { useLoginDialog } from '../../../lib/auth/login-dialog.tsx';
import { clearPendingApply, keepPendingApply } from '../../../lib/pending-apply.ts';
import { favoriteJobsKey, updateFavorite } from '../api/favorites.ts';
import { jobDetailsKey } from '../api/job-details.ts';
import { startJobApplication } from '../api/start-application.ts';

const SOMETHING_WRONG = 'It looks like something went wrong. Please try again.';

/** Favorite and apply for one job, with the login dialog for visitors (the action runs after login). */
export function useJobActions(job: JobDetails) {
  const { isLoggedIn, refreshUser } = useAuth();
  const login = useLoginDialog();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [flip, setFlip] = useState<string | null>(null);
  const [favoriteError, setFavoriteError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const [applyError, setApplyError] = useState<string | null>(null);

  const patch = (change: Partial<JobDetails>) => {
    for (const loggedIn of [true, false]) {
      qc.setQueryData<JobDetails>(jobDetailsKey(job.jobId, loggedIn), (d) => (d ? { ...d, ...change } : d));
    }
  };

  const doFavorite = async (isFavorited: boolean) => {
    setFavoriteError(null);
    setFlip(isFavorited ? 'Adding to Favorites' : 'Removing from Favorites');
    try {
      const r = await updateFavorite(job.jobId, isFavorited);
      await qc.cancelQueries({ queryKey: jobDetailsKey(job.jobId) });
      patch({ favorited: r.isFavorite });
      await qc.invalidateQueries({ queryKey: favoriteJobsKey });
    } catch {
      setFavoriteError(SOMETHING_WRONG);
    } finally {
      setFlip(null);
    }
  };

  const toggleFavorite = () => {
    const next = !job.favorited;
    if (!isLoggedIn) login.open({ dismissable: true, onSuccess: () => doFavorite(next) });
    else void doFavorite(next);
  };

  /**
   * A clinician whose application is not complete goes to finish it; the job and what they typed are kept, and
   * they are brought back to apply once it is submitted (lib/pending-apply.ts).
   */
  const finishApplicationFirst = (draft: StartApplicationDraft) => {
    keepPendingApply(
      job.jobId,
      draft,
      `${jobTitle(job.profession, job.specialty)} in ${job.facility.city}, ${job.facility.state}`,
    );
    navigate('/apply-now');
  };

  /** Sends the application; answers true when the dialog may close. */
  const doApply = async (body: StartApplicationRequest, draft: StartApplicationDraft): Promise<boolean> => {
    setApplyError(null);
    setApplying(true);
    try {
      const info = await fetchUserInfo();
      if (!info.applicationComplete) {
        finishApplicationFirst(draft);
        return true;
      }
      await startJobApplication(body);
      await qc.cancelQueries({ queryKey: jobDetailsKey(job.jobId) });
      patch({ interested: true });
      clearPendingApply(job.jobId);
      void refreshUser();
      return true;
    } catch (e) {
      if (errorCode(e) === 'application_incomplete') {
        finishApplicationFirst(draft);
        return true;
      }
      setApplyError(SOMETHING_WRONG);
      return false;
    } finally {
      setApplying(false);
    }
  };

  const apply = (body: StartApplicationRequest, draft: StartApplicationDraft, done: () => void) => {
    if (!isLoggedIn) {
      login.open({
        dismissable: true,
        onSuccess: async () => {
          if (await doApply(body, draft)) done();
        },
      });
      return;
    }
    void doApply(body, draft).then((ok) => ok && done());
  };

  return { toggleFavorite, flip, favoriteError, apply, applying, applyError };
}
