import { errorMessage } from '../../../app/http';
import { useUserId } from '../../../app/hooks';
import { useGetProfileQuery } from '../../../app/member-api';
import { ErrorState } from '../../../components/empty-state';
import { InlineLoading } from '../../../components/loading-screen';
import { AddressesSection } from './addresses-section';
import { BlockedMembersSection } from './blocked-members-section';
import { IdentityVerificationSection } from '../../subscription/components/identity-verification-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';

/** /my-account#settings: profile, picture, addresses, password, blocked members. */
export function AccountSettings() {
  const userId = useUserId();
  const { data, isLoading, error, refetch } = useGetProfileQuery(undefined, { skip: !userId });
  if (!userId || isLoading) return <InlineLoading />;
  if (error || !data)
    return (
      <ErrorState
        message={errorMessage(error, 'Your profile could not be loaded.')}
        onRetry={refetch}
      />
    );
  return (
    <div className="stack">
      <ProfileSection
        key={[
          data.profile.firstName,
          data.profile.lastName,
          data.profile.phone,
          data.profile.dob,
          data.profile.gender,
        ].join('|')}
        data={data}
        userId={userId}
      />
      <IdentityVerificationSection userId={userId} />
      <AddressesSection userId={userId} />
      <PasswordSection />
      <BlockedMembersSection />
    </div>
  );
}
