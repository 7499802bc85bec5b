package org.dtp.itests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.OAuth2Config;
import org.junit.AfterClass;
import org.junit.Assume;
import org.junit.BeforeClass;
import org.junit.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.TestContainer;
import org.ops4j.pax.exam.options.SystemPropertyOption;
import org.ops4j.pax.exam.spi.PaxExamRuntime;

import java.io.File;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFileExtend;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;

/**
 * The web portal as a person uses it, in headless Chromium (Debian's chromium and chromium-driver) at a phone's
 * width of 375 px: sign in with an API token, choose photos from one local folder to another, sign in at both
 * sides through a real OAuth 2.0 server's login page (mock-oauth2-server, registered as the localfs provider's
 * client in etc/, i.e. through Config Admin) and back, estimate, start, follow the live progress over server-sent
 * events, pause and resume, read the summary and its downloadable report, and find it among past transfers; the
 * destination then holds every photo, byte for byte. Screenshots go to target/screenshots/. Pax Exam boots the
 * assembly (server mode: the browser, the OAuth server and this test run in the driver's JVM).
 */
public class PortalIT {
    private static final Path CHROMIUM = Paths.get("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Paths.get("/usr/bin/chromedriver");
    private static final int ALBUMS = 3;
    private static final int PER_ALBUM = 1500;
    private static final Path SCREENSHOTS = Paths.get("target/screenshots");

    private static MockOAuth2Server oauth;
    private static TestContainer karaf;
    private static int port;
    private static WebDriver browser;
    private static WebDriverWait wait;
    private static Path downloads;

    @BeforeClass
    public static void boot() throws Exception {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        // .ci/run installs the browser and sets DTP_REQUIRE_CHROMIUM=1: there a missing browser fails, never skips
        assertTrue("Chromium is required (DTP_REQUIRE_CHROMIUM=1) but not installed: apt-get install -y chromium chromium-driver",
                installed || !"1".equals(System.getenv("DTP_REQUIRE_CHROMIUM")));
        Assume.assumeTrue("skipped: Chromium is not installed (apt-get install -y chromium chromium-driver)", installed);
        oauth = new MockOAuth2Server(OAuth2Config.Companion.fromJson("{\"interactiveLogin\": true}"));
        oauth.start(InetAddress.getLoopbackAddress(), 0);

        List<Option> options = new ArrayList<>(Arrays.asList(DtpContainer.options()));
        port = Integer.parseInt(options.stream().filter(o -> o instanceof SystemPropertyOption p
                && p.getKey().equals(DtpContainer.HTTP_PORT)).map(o -> ((SystemPropertyOption) o).getValue())
                .findFirst().orElseThrow());
        // mock-oauth2-server logs in interactively only when the scopes include openid
        String client = "etc/org.dtp.oauth2.client-localfs.cfg";
        options.add(editConfigurationFilePut(client, "provider", "localfs"));
        options.add(editConfigurationFilePut(client, "authorizationEndpoint", oauth.authorizationEndpointUrl("portal").toString()));
        options.add(editConfigurationFilePut(client, "tokenEndpoint", oauth.tokenEndpointUrl("portal").toString()));
        options.add(editConfigurationFilePut(client, "clientId", "dtp-portal-it"));
        options.add(editConfigurationFilePut(client, ".clientSecret", "portal-it-client-secret"));
        options.add(editConfigurationFilePut(client, "redirectUri", "http://127.0.0.1:" + port + "/api/v1/oauth/callback/localfs"));
        options.add(editConfigurationFilePut(client, "exportScopes", "openid photos.read"));
        options.add(editConfigurationFilePut(client, "importScopes", "openid photos.write"));
        options.add(editConfigurationFileExtend("etc/org.apache.karaf.features.cfg", "featuresBoot", ",dtp-adapter-localfs"));
        // As README tells operators: limit local folders to a root, then open localfs to end users
        options.add(editConfigurationFilePut("etc/org.dtp.adapters.localfs.cfg", "allowedRoots",
                new File(System.getProperty("dtp.work")).getAbsolutePath()));
        options.add(editConfigurationFilePut("etc/org.dtp.rest.security.cfg", "operatorOnlyProviders", ""));
        karaf = PaxExamRuntime.createContainer(PaxExamRuntime.createServerSystem(options.toArray(new Option[0])));
        karaf.start();

        Path profile = Files.createTempDirectory("dtp-portal-chromium");
        downloads = Files.createDirectories(Paths.get("target/portal-downloads").toAbsolutePath());
        ChromeOptions chrome = new ChromeOptions().setBinary(CHROMIUM.toFile());
        chrome.setExperimentalOption("prefs", Map.of("download.default_directory", downloads.toString(),
                "download.prompt_for_download", false));
        chrome.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--user-data-dir=" + profile, "--window-size=375,812");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, chrome);
        browser.manage().window().setSize(new Dimension(375, 812));
        wait = new WebDriverWait(browser, Duration.ofSeconds(60));
    }

    @AfterClass
    public static void shutDown() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (karaf != null) {
            karaf.stop();
        }
        if (oauth != null) {
            oauth.shutdown();
        }
    }

    private static WebElement $(String id) {
        return browser.findElement(By.id(id));
    }

    private static void until(String what, ExpectedCondition<?> condition) {
        wait.withMessage(what).until(condition);
    }

    private static void visible(String id) {
        until(id + " visible", d -> d.findElement(By.id(id)).isDisplayed());
    }

    private static Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    private static void screenshot(String name) throws Exception {
        Files.createDirectories(SCREENSHOTS);
        File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    /** The view fits the phone's width: nothing to scroll sideways. */
    private static void fitsThePhone(String view) {
        long width = ((Number) js("return document.documentElement.scrollWidth;")).longValue();
        assertTrue(view + " is " + width + " px wide at 375 px", width <= 375);
    }

    /** Every visible form control has a label a screen reader announces. */
    private static void everyControlIsLabelled(String view) {
        Object unlabelled = js("return [...document.querySelectorAll('input, select, textarea, progress')]"
                + ".filter(e => e.offsetParent !== null && e.type !== 'hidden')"
                + ".filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-labelledby') && !e.getAttribute('aria-label'))"
                + ".map(e => e.id || e.name);");
        assertEquals(view + ": controls without a label", List.of(), unlabelled);
    }

    /** Signs in at the provider's login page (mock-oauth2-server's form) and comes back to the portal. */
    private static void signInAtTheProvider(String side) {
        $(side + "-signin-button").click();
        until("the provider's login page", d -> d.getCurrentUrl().startsWith(oauth.baseUrl().toString())
                && !d.findElements(By.name("username")).isEmpty());
        browser.findElement(By.name("username")).sendKeys("ann");
        browser.findElement(By.cssSelector("input[type=submit]")).click();
        until("back at the portal after signing in at the " + side, d -> d.getCurrentUrl().startsWith(
                "http://127.0.0.1:" + port + "/portal/") && d.findElement(By.id(side + "-signin-status")).getText().startsWith("Signed in"));
    }

    @Test
    public void aPersonMovesTheirPhotosThroughThePortal() throws Exception {
        try {
            movePhotos();
        } catch (Exception | AssertionError e) {
            // What the browser showed, for the CI artifact
            screenshot("portal-failure");
            Files.writeString(SCREENSHOTS.resolve("portal-failure.html"), browser.getCurrentUrl() + "\n" + browser.getPageSource());
            throw e;
        }
    }

    private void movePhotos() throws Exception {
        Rest operator = new Rest(port);
        operator.await("/adapters", a -> a.toString().contains("localfs"), Duration.ofSeconds(120));
        operator.await("/authorizations", a -> a.path("providers").toString().contains("localfs"), Duration.ofSeconds(60));
        // The API tokens resource is registered on its own: it may answer 404 ("No service was found") a moment longer.
        operator.await("/tokens", tokens -> true, Duration.ofSeconds(60));
        Rest.Reply issued = operator.post("/tokens", "{\"user\":\"ann\",\"email\":\"ann@example.org\",\"label\":\"portal\"}");
        assertEquals(issued.text(), 201, issued.status());
        String token = issued.body().path("secret").asText();
        Path work = Files.createDirectories(Paths.get(System.getProperty("dtp.work"), "portal-" + System.nanoTime()));
        Path from = work.resolve("from");
        Path to = work.resolve("to");
        MediaFolders.generate(from, ALBUMS, PER_ALBUM);

        // Sign in, with the keyboard: type the token, press Enter.
        browser.get("http://127.0.0.1:" + port + "/portal");
        visible("view-signin");
        everyControlIsLabelled("sign-in");
        fitsThePhone("sign-in");
        $("token").sendKeys(token, Keys.ENTER);
        visible("view-new");
        assertEquals("focus moves to the new view's heading", "new-title", js("return document.activeElement.id;"));
        assertEquals("the token is in this tab's session storage", "Bearer " + token,
                js("return sessionStorage.getItem('dtp.authorization');"));
        assertFalse(browser.getCurrentUrl().contains(token));

        // What, from where, to where; then both sign-ins, each a round trip through the provider's page.
        new Select($("vertical")).selectByValue("MEDIA");
        new Select($("source-provider")).selectByValue("localfs");
        new Select($("destination-provider")).selectByValue("localfs");
        $("source-path").sendKeys(from.toString());
        $("destination-path").sendKeys(to.toString());
        everyControlIsLabelled("new transfer");
        fitsThePhone("new transfer");
        $("start-button").click();
        until("starting without the sign-ins is refused", d -> d.findElement(By.id("new-error")).getText().contains("sign-in at localfs"));
        signInAtTheProvider("source");
        assertEquals("the choices survive the round trip", from.toString(), $("source-path").getAttribute("value"));
        signInAtTheProvider("destination");
        assertEquals(to.toString(), $("destination-path").getAttribute("value"));
        assertFalse("nothing of the sign-in in the address", browser.getCurrentUrl().contains("code="));

        // The estimate counts the source without copying.
        $("estimate-button").click();
        until("the estimate", d -> d.findElement(By.id("estimate")).getText().startsWith("About "));
        String estimate = $("estimate").getText();
        assertTrue(estimate, estimate.contains(String.format("%,d items", ALBUMS * PER_ALBUM)));
        assertTrue(estimate, estimate.contains("in " + ALBUMS + " folders"));
        assertFalse("nothing copied by the estimate", Files.exists(to) && Files.list(to).findAny().isPresent());
        screenshot("portal-1-new-transfer");

        // Start, follow, pause, resume.
        $("start-button").click();
        until("the transfer's page", d -> d.getCurrentUrl().matches(".*#/transfer/[0-9a-f-]{36}$"));
        String id = browser.getCurrentUrl().replaceAll(".*#/transfer/", "");
        visible("view-transfer");
        until("live progress", d -> d.findElement(By.id("fig-state")).getText().equals("Copying")
                && !d.findElement(By.id("fig-items")).getText().startsWith("0 "));
        $("pause-button").click();
        until("paused", d -> d.findElement(By.id("fig-state")).getText().startsWith("Paused"));
        Rest ann = operator.as(Rest.bearer(token));
        assertEquals("PAUSED", ann.get("/transfers/" + id).body().path("job").path("state").asText());
        assertTrue("per-folder bars", browser.findElements(By.cssSelector("#containers li")).size() >= 1);
        everyControlIsLabelled("transfer");
        screenshot("portal-2-paused");
        $("resume-button").click();
        until("done", d -> d.findElement(By.id("fig-state")).getText().equals("Done"));
        visible("summary");
        fitsThePhone("summary");
        assertTrue($("summary-text").getText(), $("summary-text").getText().startsWith(
                String.format("Done: %,d items", ALBUMS * PER_ALBUM)));
        assertTrue($("fidelity-none").isDisplayed());
        screenshot("portal-3-summary");

        // The downloadable report is the transfer's details as JSON, saved by the browser.
        assertEquals("dtp-transfer-" + id + ".json", $("report-link").getAttribute("download"));
        $("report-link").click();
        Path saved = downloads.resolve("dtp-transfer-" + id + ".json");
        until("the report downloaded", d -> Files.isRegularFile(saved) && !Files.exists(downloads.resolve(saved.getFileName() + ".crdownload")));
        JsonNode details = new ObjectMapper().readTree(saved.toFile());
        assertEquals(id, details.path("job").path("id").asText());
        assertEquals(ALBUMS * PER_ALBUM, details.path("job").path("items").asLong());
        assertEquals("COMPLETED", details.path("job").path("state").asText());
        assertEquals(0, details.path("fidelity").path("total").asLong());
        assertTrue(details.path("history").toString(), details.path("history").toString().contains("PAUSED"));

        // Past transfers.
        $("nav-history").click();
        visible("view-history");
        String history = $("history").getText();
        assertTrue(history, history.contains("localfs → localfs") && history.contains("Done"));
        fitsThePhone("history");

        // Every photo arrived, byte for byte; the tokens of both sign-ins reached no answer.
        Map<String, String> source = MediaFolders.mediaFiles(from);
        assertEquals(ALBUMS * PER_ALBUM, source.size());
        assertEquals(source, MediaFolders.mediaFiles(to));
        JsonNode settings = ann.get("/transfers/" + id).body().path("job").path("source").path("settings");
        assertFalse(settings.toString(), settings.has("authorization"));

        eventStreamsAnswerTheirOwnerOnly(token, operator, id);
    }

    /** The SSE endpoint on the real server: an ended transfer's stream is a snapshot and its end; others get 404. */
    private static void eventStreamsAnswerTheirOwnerOnly(String token, Rest operator, String id) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI events = URI.create("http://127.0.0.1:" + port + "/api/v1/transfers/" + id + "/events");
        HttpResponse<Stream<String>> stream = http.send(HttpRequest.newBuilder(events)
                        .header("Authorization", Rest.bearer(token)).header("Accept", "text/event-stream")
                        .timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, stream.statusCode());
        assertTrue(stream.headers().firstValue("Content-Type").orElse(""), stream.headers().firstValue("Content-Type")
                .orElse("").startsWith("text/event-stream"));
        List<String> names = stream.body().filter(l -> l.startsWith("event:")).map(l -> l.substring(6).trim()).toList();
        assertEquals("the stream ends after its end event", List.of("progress", "end"), names);

        Rest.Reply bobs = operator.post("/tokens", "{\"user\":\"bob\"}");
        HttpResponse<String> other = http.send(HttpRequest.newBuilder(events)
                .header("Authorization", "Bearer " + bobs.body().path("secret").asText()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(other.body(), 404, other.statusCode());
        HttpResponse<String> anonymous = http.send(HttpRequest.newBuilder(events).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, anonymous.statusCode());
    }
}
