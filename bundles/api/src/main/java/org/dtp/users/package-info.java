/**
 * The people who use dtp through its API and the tokens operators issue to them. Implemented by the engine;
 * used by the REST API and the shell.
 */
@Export
@Version("1.1.0")
package org.dtp.users;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
