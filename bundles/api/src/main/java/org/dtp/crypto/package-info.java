/**
 * The node master keys that wrap each transfer's own data key (envelope encryption of credentials and
 * checkpoints). Implemented by the engine; used by the shell.
 */
@Export
@Version("1.0.0")
package org.dtp.crypto;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
