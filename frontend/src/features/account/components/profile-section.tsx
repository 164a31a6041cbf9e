import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import type { ProfileData } from '../../../app/member-api';
import { uploadImage, ACCEPTED_IMAGE_TYPES } from '../../../app/uploads';
import { Avatar } from '../../../components/avatar';
import { fullName } from '../../../lib/format';
import { useSaveProfileMutation } from '../account-api';
import '../account.css';

/** Profile picture (uploaded through a presigned URL) and profile details; keyed by the saved values. */
export function ProfileSection({ data, userId }: { data: ProfileData; userId: string }) {
  const toast = useToast();
  const [save, { isLoading }] = useSaveProfileMutation();
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const p = data.profile;
  const [form, setForm] = useState({
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    dob: p.dob,
    gender: p.gender,
  });

  const onPicture = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const url = await uploadImage(file, 'profile-pics', userId);
      await save({ body: { userId, profileImage: url } }).unwrap();
      toast('Profile picture updated', 'success');
    } catch (err) {
      toast(errorMessage(err, 'The picture could not be uploaded.'), 'error');
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save({ body: { userId, ...form } }).unwrap();
      toast('Profile saved', 'success');
    } catch (err) {
      toast(errorMessage(err), 'error');
    }
  };

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <section className="panel" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="panel__title">
        Profile
      </h2>
      <div className="profile-picture">
        <Avatar
          src={p.profileImage || undefined}
          name={fullName(p.firstName, p.lastName)}
          size={72}
        />
        <div>
          <label className="btn btn--secondary">
            {uploading ? 'Uploading…' : 'Change picture'}
            <input
              ref={fileRef}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              className="visually-hidden"
              disabled={uploading}
              onChange={(e) => void onPicture(e.target.files?.[0])}
            />
          </label>
          <p className="hint">JPEG, PNG or WebP.</p>
        </div>
      </div>
      <form className="form" onSubmit={(e) => void submit(e)}>
        <div className="form-grid">
          <label className="field">
            <span className="field__label">First name</span>
            <input value={form.firstName} onChange={set('firstName')} autoComplete="given-name" />
          </label>
          <label className="field">
            <span className="field__label">Last name</span>
            <input value={form.lastName} onChange={set('lastName')} autoComplete="family-name" />
          </label>
          <label className="field">
            <span className="field__label">E-mail</span>
            <input value={p.email} readOnly aria-readonly="true" />
          </label>
          <label className="field">
            <span className="field__label">Phone</span>
            <input value={form.phone} onChange={set('phone')} autoComplete="tel" />
          </label>
          <label className="field">
            <span className="field__label">Date of birth</span>
            <input type="date" value={form.dob} onChange={set('dob')} />
          </label>
          <label className="field">
            <span className="field__label">Gender</span>
            <select value={form.gender} onChange={set('gender')}>
              <option value="">Prefer not to say</option>
              <option value="female">Female</option>
              <option value="male">Male</option>
              <option value="non-binary">Non-binary</option>
              <option value="other">Other</option>
            </select>
          </label>
        </div>
        <button type="submit" className="btn btn--primary" disabled={isLoading}>
          Save profile
        </button>
      </form>
    </section>
  );
}
