// tune:certs wrote a CA and one TLS folder per node; every node certificate is signed by that CA.
import java.nio.file.Files
import java.nio.file.attribute.PosixFilePermissions
import java.security.KeyStore
import java.security.cert.X509Certificate

def tls = new File(basedir, 'target/tls')
def caStore = KeyStore.getInstance('PKCS12')
new File(tls, 'ca/ca.p12').withInputStream { caStore.load(it, new File(tls, 'ca/password').text.strip().toCharArray()) }
def ca = (X509Certificate) caStore.getCertificate('ca')
assert ca.subjectX500Principal.name == 'CN=jtune cluster CA'

['driver', 'worker1'].each { node ->
    def dir = new File(tls, node)
    def password = new File(dir, 'password')
    assert Files.getPosixFilePermissions(password.toPath()) == PosixFilePermissions.fromString('rw-------') : "${password} is readable by others"
    char[] secret = password.text.strip().toCharArray()
    def keys = KeyStore.getInstance('PKCS12')
    new File(dir, 'node.p12').withInputStream { keys.load(it, secret) }
    def cert = (X509Certificate) keys.getCertificate('node')
    assert cert.subjectX500Principal.name == "CN=${node}"
    assert cert.issuerX500Principal == ca.subjectX500Principal
    cert.verify(ca.publicKey)
    assert keys.getKey('node', secret) != null : "${node}: node.p12 holds the node's private key"
    def trust = KeyStore.getInstance('PKCS12')
    new File(dir, 'truststore.p12').withInputStream { trust.load(it, secret) }
    assert trust.getCertificate('ca') == ca : "${node}: the truststore holds the CA's certificate"
}
def log = new File(basedir, 'build.log').text
assert log.contains('jtune: the CA is in')
assert new File(basedir, 'target/home/tls/worker2/node.p12').isFile() : '~/tls is the home folder\'s tls'
assert !new File(basedir, '~').exists() : 'no folder named ~'

return true
