package org.dtp.auth.oauth1;

import org.junit.Test;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/** Published example vectors: RFC 5849 and the Twitter (X) developer documentation. */
public class OAuth1SignaturesTest {

    @Test
    public void percentEncodingFollowsRfc5849Section36() {
        assertEquals("Ladies%20%2B%20Gentlemen", OAuth1Signatures.percentEncode("Ladies + Gentlemen"));
        assertEquals("An%20encoded%20string%21", OAuth1Signatures.percentEncode("An encoded string!"));
        assertEquals("Dogs%2C%20Cats%20%26%20Mice", OAuth1Signatures.percentEncode("Dogs, Cats & Mice"));
        assertEquals("%E2%98%83", OAuth1Signatures.percentEncode("☃"));
        assertEquals("-._~", OAuth1Signatures.percentEncode("-._~"));
    }

    @Test
    public void baseStringUriDropsDefaultPortsQueryAndCase() {
        assertEquals("http://example.com/r%20v/X", OAuth1Signatures.baseStringUri(URI.create("HTTP://EXAMPLE.COM:80/r%20v/X?id=123")));
        assertEquals("https://www.example.net:8080/?q=1".replace("?q=1", ""),
                OAuth1Signatures.baseStringUri(URI.create("https://www.example.net:8080/?q=1")));
        assertEquals("https://api.smugmug.com/api/v2!authuser", OAuth1Signatures.baseStringUri(URI.create("https://api.smugmug.com:443/api/v2!authuser")));
    }

    /** RFC 5849 §3.4.1.1: the example request and its signature base string. */
    @Test
    public void rfc5849SignatureBaseStringExample() {
        URI uri = URI.create("http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b");
        List<Map.Entry<String, String>> params = new ArrayList<>(org.dtp.spi.http.FormEncoding.decode("c2&a3=2+q"));
        params.add(Map.entry("oauth_consumer_key", "9djdj82h48djs9d2"));
        params.add(Map.entry("oauth_token", "kkk9d7dh3k39sjv7"));
        params.add(Map.entry("oauth_signature_method", "HMAC-SHA1"));
        params.add(Map.entry("oauth_timestamp", "137131201"));
        params.add(Map.entry("oauth_nonce", "7d8f3e4a"));
        params.add(Map.entry("oauth_signature", "bYT5CMsGcbgUdFHObYMEfcx6bsw="));
        params.add(Map.entry("realm", "Example"));
        assertEquals("POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D"
                        + "%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a"
                        + "%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7",
                OAuth1Signatures.signatureBaseString("POST", uri, params));
    }

    /** RFC 5849 §1.2: the photo request of the example, signed with HMAC-SHA1. */
    @Test
    public void rfc5849Section12Signature() {
        URI uri = URI.create("http://photos.example.net/photos?file=vacation.jpg&size=original");
        List<Map.Entry<String, String>> params = List.of(
                Map.entry("oauth_consumer_key", "dpf43f3p2l4k3l03"),
                Map.entry("oauth_token", "nnch734d00sl2jdk"),
                Map.entry("oauth_signature_method", "HMAC-SHA1"),
                Map.entry("oauth_timestamp", "137131202"),
                Map.entry("oauth_nonce", "chapoH"));
        String base = OAuth1Signatures.signatureBaseString("GET", uri, params);
        assertEquals("MdpQcU8iPSUjWoN/UDMsK2sui9I=", OAuth1Signatures.hmacSha1(base, "kd94hf93k423kf44", "pfkkdhi9sl3r4s00"));
    }

    private static List<Map.Entry<String, String>> twitterParameters() {
        return List.of(
                Map.entry("status", "Hello Ladies + Gentlemen, a signed OAuth request!"),
                Map.entry("oauth_consumer_key", "xvz1evFS4wEEPTGEFPHBog"),
                Map.entry("oauth_nonce", "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg"),
                Map.entry("oauth_signature_method", "HMAC-SHA1"),
                Map.entry("oauth_timestamp", "1318622958"),
                Map.entry("oauth_token", "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb"),
                Map.entry("oauth_version", "1.0"));
    }

    /** Twitter's "Creating a signature" example, API version 1.1. */
    @Test
    public void twitterDocumentationExample() {
        URI uri = URI.create("https://api.twitter.com/1.1/statuses/update.json?include_entities=true");
        String base = OAuth1Signatures.signatureBaseString("POST", uri, twitterParameters());
        assertEquals("POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue"
                + "%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg"
                + "%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958"
                + "%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0"
                + "%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521", base);
        assertEquals("kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw&LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
                OAuth1Signatures.signingKey("kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw", "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"));
        assertEquals("hCtSmYh+iHYCEqBWrE7C7hYmtUk=", OAuth1Signatures.hmacSha1(base,
                "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw", "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"));
    }

    /** The same example in the older edition of that page (API version 1). */
    @Test
    public void twitterDocumentationExampleApiVersion1() {
        URI uri = URI.create("https://api.twitter.com/1/statuses/update.json?include_entities=true");
        String base = OAuth1Signatures.signatureBaseString("POST", uri, twitterParameters());
        assertEquals("tnnArxj06cWHq44gCs1OSKk/jLY=", OAuth1Signatures.hmacSha1(base,
                "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw", "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"));
    }

    @Test
    public void authorizationHeaderEncodesEveryValue() {
        assertEquals("OAuth realm=\"Photos\", oauth_consumer_key=\"a%20b\", oauth_signature=\"x%2By%3D\"",
                OAuth1Signatures.authorizationHeader("Photos", List.of(Map.entry("oauth_consumer_key", "a b"),
                        Map.entry("oauth_signature", "x+y="))));
    }
}
