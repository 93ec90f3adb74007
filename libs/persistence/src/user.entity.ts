import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '@app/contracts';

/** A person who signs in (DESIGN §13). Never deleted: disabled instead, so the journal keeps its names. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Unique case-insensitively (a lower(login) index). */
  @Column({ type: 'varchar', length: 100 })
  login: string;

  @Column({ name: 'display_name', type: 'varchar', length: 200 })
  displayName: string;

  @Column({ type: 'varchar', length: 16 })
  role: Role;

  /** scrypt (PasswordHasher); null for a user who signs in only through single sign-on. */
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash?: string | null;

  @Column({ name: 'must_change_password', type: 'boolean', default: false })
  mustChangePassword: boolean;

  @Column({ type: 'boolean', default: false })
  disabled: boolean;

  /** `<issuer> <sub>` of single sign-on. */
  @Column({ name: 'oidc_subject', type: 'text', nullable: true })
  oidcSubject: string | null;

  /** Where notices go (DESIGN §17); single sign-on fills it from the ID token. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt: Date | null;

  /** A built-in user (`Автоматически`, DESIGN §16): acts for the system, never signs in, not listed. */
  @Column({ type: 'boolean', default: false })
  system: boolean;
}
